"""The editor's widgets: they render from the model and post messages; they hold no puzzle."""
