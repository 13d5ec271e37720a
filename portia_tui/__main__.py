from portia_tui.cli import main

raise SystemExit(main())
