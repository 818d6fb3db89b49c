"""The Textual dashboard: the only part of gmdash that imports Textual."""
