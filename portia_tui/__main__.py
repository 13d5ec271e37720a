from portia_tui.cli import entry

entry()
