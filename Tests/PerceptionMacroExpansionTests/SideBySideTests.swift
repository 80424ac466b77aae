import MacroExpansionDump
import Testing

/// Expands the corpus with the toolchain's `@Observable` and with `@Perceptible`, through the real
/// compiler, and requires the same expansions after renaming, token for token and line for line
/// (`MacroExpansionDump.layout`), but for the accessor bodies: `@Perceptible`'s call the
/// registrar directly (see `MacroExpansionDump.withRegistrarCalls`), handing it the property's
/// static key path where they have one, except in a class that declares its own
/// `access(keyPath:)` or `withMutation(keyPath:_:)`, where they are `@Observable`'s and the added
/// attribute says so, and for a hand-written `@PerceptionTracked`, which cannot see whether its
/// class declares them.
@Suite("Side by side with @Observable")
struct SideBySideTests {
  /// Both dumps, computed once for the whole corpus.
  static let dumps: (native: [String: String], ours: [String: String])? = {
    guard Toolchain.swiftc != nil, Toolchain.plugin != nil else { return nil }
    let source = Corpus.classes.map(\.source).joined(separator: "\n\n")
    guard let native = try? Toolchain.typecheck("import Observation\n" + source),
      let ours = try? Toolchain.typecheck(
        "\n" + MacroExpansionDump.renamed(source) + Toolchain.perceptionStubs,
        arguments: Toolchain.pluginArguments)
    else {
      return nil
    }
    let callingHelpers = Corpus.classes.filter { declaresHelpers($0.source) }.map(\.name)
    // A hand-written `@ObservationTracked` cannot know its class's helpers: it calls them.
    let handTracked = Corpus.classes.filter { $0.source.contains("@ObservationTracked") }
      .map(\.name)
    let nativeBuffers = MacroExpansionDump.expectedBuffers(nativeDump: native.text) {
      name, text in
      let inHelperClass = callingHelpers.contains { name.contains("\($0.utf8.count)\($0)C") }
      let handWritten = handTracked.contains { name.contains("\($0.utf8.count)\($0)C") }
      if name.contains("fMa_"), !inHelperClass, !handWritten {
        return MacroExpansionDump.withRegistrarCalls(text)
      } else if name.contains("fMr_"), inHelperClass {
        return text.replacingOccurrences(
          of: "@PerceptionTracked", with: "@PerceptionTracked(callingHelpers: true)")
      }
      return text
    }
    let ourBuffers = MacroExpansionDump.ourBuffers(ours.text)
    // Corpus classes are nested only in non-generic types.
    let eligible = Corpus.classes.filter { type in
      !(callingHelpers + handTracked).contains(type.name)
        && !type.source.contains("class \(type.name)<")
    }.map(\.name)
    return (MacroExpansionDump.withStaticKeyPaths(nativeBuffers, classes: eligible), ourBuffers)
  }()

  /// Whether a corpus class declares its own `access(keyPath:)` or `withMutation(keyPath:_:)`.
  static func declaresHelpers(_ source: String) -> Bool {
    let compact = source.filter { !$0.isWhitespace }
    return compact.range(of: #"funcaccess(<[^>]*>)?\(keyPath:"#, options: .regularExpression) != nil
      || compact.range(of: #"funcwithMutation(<[^>]*>)?\(keyPath:"#, options: .regularExpression)
        != nil
  }

  @Test func helperClassesAreInTheCorpus() {
    #expect(Corpus.classes.filter { Self.declaresHelpers($0.source) }.count == 2)
  }

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
      #expect(
        dumps.ours[name].map(MacroExpansionDump.layout)
          == dumps.native[name].map(MacroExpansionDump.layout), "\(name)")
    }
  }

  /// The comparison ignores how much trivia there is, never a token or a line break.
  @Test func layoutKeepsTokensAndLineBreaks() {
    let layout = MacroExpansionDump.layout
    #expect(layout("private  var _a  = 1") == layout("private var /* a */ _a = 1"))
    #expect(layout("var\n\n  \n  _a") == layout("var\n_a"))
    #expect(layout("var _a = 1") != layout("var _a = 2"))
    #expect(layout("var _a = \"x  y\"") != layout("var _a = \"x y\""))
    #expect(layout("var _a\n= 1") != layout("var _a = 1"))
    #expect(layout("a.b") != layout("a . b"))
  }

  @Test func corpusIsLargeEnough() {
    #expect(Corpus.classes.count >= 30)
  }
}
