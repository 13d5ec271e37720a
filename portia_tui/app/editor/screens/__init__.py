"""The editor's screens: the editor itself, dialogs and help."""
