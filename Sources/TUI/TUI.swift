import ArchiveModel

/// Namespace for the interactive browser front end.
public enum TUI {}
