"""portia's Textual interface: the editor and the player. A thin layer over portia_tui.core."""
