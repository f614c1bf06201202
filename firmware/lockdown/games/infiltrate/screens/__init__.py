"""What the device shows for Infiltrate: the board (home) and its forms."""
