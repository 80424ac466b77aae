import PackagePlugin

/// Generates the benchmark's wide models at build time: `WidePerceptionModel.swift` and
/// `WideNativeModel.swift`, written by the `WideModelsGenerator` executable into the plugin's
/// work directory and compiled with the target. Generated files are never committed.
@main
struct WideModelsPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let generator = try context.tool(named: "WideModelsGenerator")
    let perception = context.pluginWorkDirectoryURL.appending(path: "WidePerceptionModel.swift")
    let native = context.pluginWorkDirectoryURL.appending(path: "WideNativeModel.swift")
    return [
      .buildCommand(
        displayName: "Generating the wide benchmark models",
        executable: generator.url,
        arguments: [perception.path(), native.path()],
        inputFiles: [generator.url],
        outputFiles: [perception, native])
    ]
  }
}
