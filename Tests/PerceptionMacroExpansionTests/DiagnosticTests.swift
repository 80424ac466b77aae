import PerceptionMacroExpansion
import Testing

@Suite("Diagnostics")
struct DiagnosticTests {
  @Test(arguments: [
    ("struct", "S", "struct"), ("enum", "E", "enumeration"), ("actor", "A", "actor"),
    ("protocol", "P", "protocol"),
  ])
  func perceptibleOnlyAppliesToClasses(keyword: String, name: String, kind: String) {
    // As the compiler sends it: the attribute starts after two newlines at file offset 18.
    let request = Requests.perceptible(
      .member, "\n\n@Perceptible \(keyword) \(name) { }", attribute: "\n\n@Perceptible ",
      attributeOffset: 18)
    let result = MacroExpander.expand(request)
    #expect(result.source == nil)
    #expect(
      result.diagnostics == [
        Diagnostic(
          message: "'@Perceptible' cannot be applied to \(kind) type '\(name)'",
          fileName: "File.swift",
          offset: 20, highlight: 20..<32)
      ])
  }

  @Test(arguments: [
    ("\n  @PerceptionTracked let k = 1", "'let' constant"),
    ("\n  @PerceptionTracked static var s = 1", "static property"),
    ("\n  @PerceptionTracked var c: Int { 1 }", "computed property"),
  ])
  func trackedWrittenOnUntrackablePropertyIsAnError(member: String, fragment: String) {
    let request = Requests.tracked(
      .peer, member, attributeFile: "File.swift", attribute: "\n  @PerceptionTracked ")
    let result = MacroExpander.expand(request)
    #expect(result.diagnostics.count == 1)
    #expect(result.diagnostics.first?.message.contains(fragment) == true)
    #expect(result.diagnostics.first?.offset == 43)
    #expect(result.diagnostics.first?.highlight == 43..<61)
  }

  @Test func trackedWrittenInAStructIsAnError() {
    let request = Requests.tracked(
      .peer, "@PerceptionTracked var x = 0", attributeFile: "File.swift", context: ["struct S {}"])
    let message = MacroExpander.expand(request).diagnostics.first?.message
    #expect(
      message == "'@PerceptionTracked' can only be applied to a property of a '@Perceptible' class")
  }

  @Test func unknownMacroIsAnError() {
    var request = Requests.tracked(.member, "var x = 0")
    request.macroType = "Nonsense"
    let result = MacroExpander.expand(request)
    #expect(result.source == nil)
    #expect(result.diagnostics.first?.severity == .error)
  }

  /// Compiles a misuse with the built plugin and expects the compiler's error at the attribute.
  @Test func compilerReportsMisuseAtTheAttribute() throws {
    try #require(Toolchain.swiftc != nil && Toolchain.plugin != nil)
    let source = "\n@Perceptible struct S {\n  var x = 0\n}\n" + Toolchain.perceptionStubs
    let output = try Toolchain.typecheck(source, arguments: Toolchain.pluginArguments)
    #expect(output.exitCode != 0)
    #expect(
      output.text.contains(
        "Corpus.swift:2:1: error: '@Perceptible' cannot be applied to struct type 'S'"))
  }
}
