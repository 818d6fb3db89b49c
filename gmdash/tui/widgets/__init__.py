"""Widgets shared by the panes and dialogs."""
