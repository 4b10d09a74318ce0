import Foundation
import PackagePlugin

/// Records the git commit a build was made from, for `--version`: before each build of the target it
/// runs `scripts/build-commit.sh`, which writes `BuildCommit.swift` (a `BuildCommit.id` string, or nil
/// outside a git checkout or without git) and rewrites it only when the commit changed, so an
/// incremental build recompiles nothing because of it. The script needs no network and nothing but
/// `/bin/sh` and, when present, `git`.
@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "BuildCommit")
        let package = context.package.directoryURL
        let script = package.appending(path: "scripts/build-commit.sh")
        return [
            .prebuildCommand(
                displayName: "Recording the build's git commit",
                executable: URL(fileURLWithPath: "/bin/sh"),
                arguments: [script.path(percentEncoded: false), package.path(percentEncoded: false),
                            output.appending(path: "BuildCommit.swift").path(percentEncoded: false)],
                outputFilesDirectory: output
            ),
        ]
    }
}
