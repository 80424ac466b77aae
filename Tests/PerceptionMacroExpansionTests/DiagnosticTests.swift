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
    let declaration = "\n\n@Perceptible \(keyword) \(name) { var x = 0 }"
    let request = Requests.perceptible(
      .extension, declaration, attribute: "\n\n@Perceptible ", attributeOffset: 18)
    let result = MacroExpander.expand(request)
    // The extension role reports it alone; the other roles add nothing that could fail.
    let member = MacroExpander.expand(Requests.perceptible(.member, declaration))
    #expect(member == ExpansionResult(source: ""))
    var attribute = Requests.perceptible(.memberAttribute, "var x = 0")
    attribute.parent = SyntaxSnippet(source: declaration)
    #expect(MacroExpander.expand(attribute) == ExpansionResult(source: ""))
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

  /// Compiles each misuse, with members that generated code would break on, and counts errors:
  /// exactly one, at the attribute, never a cascade from generated code.
  @Test(arguments: [
    ("struct S {\n  var x = 0\n  let y = 1\n}", "struct type 'S'"),
    ("actor A {\n  var x = 0\n  func f() {}\n}", "actor type 'A'"),
    ("enum E {\n  case a\n  var x: Int { 1 }\n  static var s = 0\n}", "enumeration type 'E'"),
    ("protocol P {\n  var x: Int { get set }\n  func f()\n}", "protocol type 'P'"),
    ("struct G<T: Equatable> {\n  var t: T\n  var u = [T]()\n}", "struct type 'G'"),
    ("extension Int {\n  var x: Int { 1 }\n}", "'extension' macro cannot be attached"),
  ])
  func misuseCompilesToOneErrorAtTheAttribute(declaration: String, fragment: String) throws {
    try #require(Toolchain.swiftc != nil && Toolchain.plugin != nil)
    let source = "\n@Perceptible \(declaration)\n" + Toolchain.perceptionStubs
    let output = try Toolchain.typecheck(source, arguments: Toolchain.pluginArguments)
    #expect(output.exitCode != 0)
    #expect(output.text.components(separatedBy: ": error: ").count == 2, "\(output.text)")
    #expect(output.text.contains("Corpus.swift:2:1: error: "))
    #expect(output.text.contains(fragment))
  }
}
