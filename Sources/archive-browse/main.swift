import ArchiveModel
import TUI

print("archive-browse")
