// The library's one module for users: the layers' public API, re-exported (as swift-syntax and
// swift-nio do). Within this package, targets import the layer they need instead.
@_exported import ArchiveCore
@_exported import BinaryPlist
@_exported import XMLPlist
@_exported import OpenStepPlist
@_exported import KeyedArchive
@_exported import Typedstream
@_exported import NIBArchive
@_exported import IB3XML
@_exported import Bookmark
@_exported import ArchiveDocuments
@_exported import ArchiveRecovery
@_exported import ArchivePresentation
@_exported import ArchiveOutput
@_exported import ArchiveAudit
@_exported import ArchiveSources
