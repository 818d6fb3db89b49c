"""Modal dialogs of the dashboard, one idea per module."""
