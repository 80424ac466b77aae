// Writes the benchmark's wide models, at build time (the WideModelsPlugin build-tool plugin runs
// it): the same class with `count` stored properties, once @Perceptible and once @Observable,
// each with a function reading any one of them, for the cases whose cost grows with the number
// of properties a scope reads.
//
// 100 properties, not 1,000: the compiler sends the whole class with each member's macro
// request, so the build time grows with the square of the count. 1,000 properties took 343 s to
// build (debug) against 6 s for 100.
//
//   WideModelsGenerator PERCEPTION_FILE NATIVE_FILE

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

let count = 100

/// The class `name`, each line indented by `indent`.
func wideClass(_ name: String, indent: String) -> String {
  var lines = ["final class \(name): WideBenchModel {"]
  lines += (0..<count).map { "  var p\($0) = 0" }
  lines += ["", "  init() {}", ""]
  lines += ["  static func read(_ model: \(name), _ index: Int) -> Int {", "    switch index {"]
  lines += (0..<count).map { "    case \($0): return model.p\($0)" }
  lines += ["    default: return 0", "    }", "  }", "}"]
  return lines.map { $0.isEmpty ? "" : indent + $0 }.joined(separator: "\n") + "\n"
}

let perception = """
  import Perception

  // Generated at build time by Benchmarks/WideModelsGenerator; edit that, not this file.

  /// The Perception side of the wide model: \(count) stored properties.
  @Perceptible

  """ + wideClass("WidePerceptionModel", indent: "")

let native = """
  #if canImport(Observation)
    import Observation

    // Generated at build time by Benchmarks/WideModelsGenerator; edit that, not this file.

    /// The native side of the wide model: the same class, `@Observable`.
    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
    @Observable

  """ + wideClass("WideNativeModel", indent: "  ") + "#endif\n"

/// Writes `text` to `path`, or exits with a message (on standard output: `stderr` is a global
/// variable that strict concurrency checking rejects).
func write(_ text: String, to path: String) {
  guard let file = fopen(path, "w") else {
    print("WideModelsGenerator: cannot open \(path)")
    exit(1)
  }
  let written = fputs(text, file)
  if fclose(file) != 0 || written < 0 {
    print("WideModelsGenerator: cannot write \(path)")
    exit(1)
  }
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  print("usage: WideModelsGenerator PERCEPTION_FILE NATIVE_FILE")
  exit(2)
}
write(perception, to: arguments[1])
write(native, to: arguments[2])
