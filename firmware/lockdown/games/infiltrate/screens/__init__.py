"""What the device shows for Infiltrate: the board (home), the armies' form and the menu's screens."""
