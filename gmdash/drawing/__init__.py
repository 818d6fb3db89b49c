"""What the dashboard and the players' view both draw: points bars and their colours, status
words, user text made safe. Rich only (no Textual): neither front end owns it."""
