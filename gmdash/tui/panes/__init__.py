"""The four panes of the dashboard, one module each."""
