import Testing

/// Expands the corpus with the toolchain's `@Observable` and with `@Perceptible`, through the real
/// compiler, and requires the same expansions after renaming.
@Suite("Side by side with @Observable")
struct SideBySideTests {
  /// Both dumps, computed once for the whole corpus.
  static let dumps: (native: [String: String], ours: [String: String])? = {
    guard Toolchain.swiftc != nil, Toolchain.plugin != nil else { return nil }
    let source = Corpus.classes.map(\.source).joined(separator: "\n\n")
    guard let native = try? Toolchain.typecheck("import Observation\n" + source),
      let ours = try? Toolchain.typecheck(
        "\n" + Toolchain.renamed(source) + Toolchain.perceptionStubs,
        arguments: Toolchain.pluginArguments)
    else {
      return nil
    }
    var nativeBuffers: [String: String] = [:]
    for (name, text) in Toolchain.buffers(native.text) {
      nativeBuffers[Toolchain.withoutPrivateDiscriminators(Toolchain.renamed(name))] =
        Toolchain.renamed(text)
    }
    var ourBuffers: [String: String] = [:]
    for (name, text) in Toolchain.buffers(ours.text) {
      ourBuffers[Toolchain.withoutPrivateDiscriminators(name)] = text
    }
    return (nativeBuffers, ourBuffers)
  }()

  @Test func toolsAreAvailable() {
    #expect(Toolchain.swiftc != nil, "swiftc must be on PATH")
    #expect(
      Toolchain.plugin != nil,
      "build the package first: the plugin is .build/debug/PerceptionMacros-tool")
    #expect(Self.dumps != nil)
  }

  @Test(arguments: Corpus.classes.map(\.name))
  func expansionMatches(className: String) throws {
    let dumps = try #require(Self.dumps)
    let marker = "\(className.utf8.count)\(className)"
    let names = Set(dumps.native.keys).union(dumps.ours.keys).filter { $0.contains(marker) }
    #expect(!names.filter { !(dumps.native[$0] ?? "").isEmpty }.isEmpty, "no expansion found")
    for name in names.sorted() {
      #expect(dumps.ours[name] == dumps.native[name], "\(name)")
    }
  }

  @Test func corpusIsLargeEnough() {
    #expect(Corpus.classes.count >= 30)
  }
}
