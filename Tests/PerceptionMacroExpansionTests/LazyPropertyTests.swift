import PerceptionMacroExpansion
import Testing

/// `lazy var` cannot be tracked: Swift allows no accessors on a lazy property. `@Observable` marks
/// it tracked anyway and fails with a cascade; `@Perceptible` leaves it alone with one error.
@Suite("lazy properties")
struct LazyPropertyTests {
  @Test(arguments: ["\n  lazy var value = 1", "\n  lazy var value: Int = compute()"])
  func oneErrorAtTheLazyModifier(member: String) {
    let request = Requests.perceptible(.memberAttribute, member, attributeOffset: 100)
    let result = MacroExpander.expand(request)
    #expect(result.source == "")
    #expect(result.diagnostics.count == 1)
    let diagnostic = result.diagnostics.first
    #expect(diagnostic?.offset == 103)
    #expect(diagnostic?.highlight == 103..<107)
    #expect(diagnostic?.message.contains("mark 'value' '@PerceptionIgnored'") == true)
    #expect(diagnostic?.message.contains("remove 'lazy' to track it") == true)
  }

  @Test func anIgnoredLazyPropertyIsFine() {
    let request = Requests.perceptible(.memberAttribute, "@PerceptionIgnored lazy var value = 1")
    #expect(MacroExpander.expand(request) == ExpansionResult(source: ""))
  }

  @Test func anExplicitTrackedAttributeGetsTheSameSingleError() {
    let member = "\n  @PerceptionTracked lazy var value = 1"
    let peer = MacroExpander.expand(
      Requests.tracked(.peer, member, attributeFile: "File.swift"))
    #expect(peer.source == nil)
    #expect(peer.diagnostics.count == 1)
    let accessor = MacroExpander.expand(
      Requests.tracked(.accessor, member, attributeFile: "File.swift"))
    #expect(accessor == ExpansionResult(source: nil))
  }

  /// Compiles a lazy property with the built plugin: exactly one error, at the `lazy`.
  @Test func theCompilerReportsOneError() throws {
    try #require(Toolchain.swiftc != nil && Toolchain.plugin != nil)
    let source =
      "\n@Perceptible class Model {\n  lazy var value = 1\n  var other = 2\n}\n"
      + Toolchain.perceptionStubs
    let output = try Toolchain.typecheck(source, arguments: Toolchain.pluginArguments)
    #expect(output.exitCode != 0)
    #expect(output.text.components(separatedBy: ": error: ").count == 2, "\(output.text)")
    #expect(output.text.contains("Corpus.swift:3:3: error: '@Perceptible' cannot track a 'lazy'"))
  }
}
