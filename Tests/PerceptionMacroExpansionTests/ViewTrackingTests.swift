import PerceptionMacroExpansion
import Testing

/// `@WithPerceptionTracking`'s expansions, role by role, and its diagnostics as the compiler
/// reports them.
@Suite("@WithPerceptionTracking's expansion")
struct ViewTrackingTests {
  static func request(
    _ role: MacroRole, _ declaration: String, parent: String? = nil,
    conformanceList: String? = "struct Placeholder: ViewModifier, _PerceptionTrackedView {}"
  ) -> ExpansionRequest {
    ExpansionRequest(
      macroType: "WithPerceptionTrackingMacro", role: role, discriminator: "$sV_",
      attribute: SyntaxSnippet(source: "@WithPerceptionTracking", fileName: "File.swift"),
      declaration: SyntaxSnippet(source: declaration, fileName: "File.swift"),
      parent: parent.map { SyntaxSnippet(source: $0, fileName: "File.swift") },
      extendedType: role == .extension ? "Counter" : nil,
      conformanceList: role == .extension ? conformanceList : nil)
  }

  @Test func memberRoleMakesBodyTheTrackingBodyOfSelf() {
    let result = MacroExpander.expand(
      Self.request(
        .member,
        "@WithPerceptionTracking\nstruct Counter: View {\n  var body: some View { Text(\"\") }\n}"))
    #expect(result.diagnostics == [])
    #expect(
      result.source == """
        typealias Body = _PerceptionTrackingBody<Self>

        let _perceptionTracking = _PerceptionTrackingState<Self>()

        @_implements(SwiftUI.View, body) @MainActor @preconcurrency var _perceptionTrackedBody: _PerceptionTrackingBody<Self> {
          _PerceptionTrackingBody(self, tracking: _perceptionTracking)
        }
        """)
  }

  @Test(arguments: ["enum", "final class"])
  func anEnumerationOrClassHoldsNoState(keyword: String) {
    // An enumeration has no stored property; SwiftUI installs no dynamic property of a class.
    let result = MacroExpander.expand(
      Self.request(.member, "@WithPerceptionTracking \(keyword) Counter: View {}"))
    #expect(result.diagnostics == [])
    #expect(
      result.source
        == """
        typealias Body = _PerceptionSelfTrackingBody<Counter>

        @_implements(SwiftUI.View, body) @MainActor @preconcurrency var _perceptionTrackedBody: _PerceptionSelfTrackingBody<Counter> {
          _PerceptionSelfTrackingBody(self)
        }
        """.replacingOccurrences(of: "<Counter>", with: keyword == "enum" ? "<Self>" : "<Counter>"))
  }

  @Test(arguments: ["Codable", "Encodable", "Swift.Decodable"])
  func aStructThatNamesACodingProtocolHoldsNoState(coding: String) {
    // Its synthesized conformance would name the state, which is not `Codable`.
    let result = MacroExpander.expand(
      Self.request(.member, "@WithPerceptionTracking struct Counter: View, \(coding) {}"))
    #expect(result.diagnostics == [])
    #expect(result.source?.contains("_PerceptionSelfTrackingBody<Self>") == true)
    #expect(result.source?.contains("_perceptionTracking") == false)
  }

  @Test func membersOfAPublicViewArePublic() {
    let source =
      MacroExpander.expand(
        Self.request(.member, "@WithPerceptionTracking public struct Counter: SwiftUI.View {}")
      ).source ?? ""
    #expect(source.contains("public typealias Body = _PerceptionTrackingBody<Self>"))
    #expect(source.contains("public let _perceptionTracking = _PerceptionTrackingState<Self>()"))
    #expect(source.contains("public var _perceptionTrackedBody"))
  }

  @Test func aClassNamesItselfWithItsGenericParameters() {
    let source =
      MacroExpander.expand(
        Self.request(.member, "@WithPerceptionTracking final class Box<T: Equatable, U>: View {}")
      ).source ?? ""
    #expect(source.contains("typealias Body = _PerceptionSelfTrackingBody<Box<T, U>>"))
  }

  @Test func aViewModifierWitnessesBodyOfContent() {
    let result = MacroExpander.expand(
      Self.request(.member, "@WithPerceptionTracking struct Badge: ViewModifier {}"))
    #expect(
      result.source == """
        typealias Body = _PerceptionTrackingModifierBody<Self, Content>

        let _perceptionTracking = _PerceptionTrackingState<Self>()

        @_implements(SwiftUI.ViewModifier, body(content:)) @MainActor @preconcurrency func _perceptionTrackedBody(content: Content) -> _PerceptionTrackingModifierBody<Self, Content> {
          _PerceptionTrackingModifierBody(self, content: content, tracking: _perceptionTracking)
        }
        """)
  }

  @Test func aTypeThatNamesNeitherProtocolGetsNoMembers() {
    let result = MacroExpander.expand(
      Self.request(.member, "@WithPerceptionTracking struct S: Equatable {}"))
    #expect(result.source == "")
    #expect(result.diagnostics == [])
  }

  @Test(arguments: [
    ("\n  var body: some View {\n    let x = 1\n    Text(x)\n  }", "@SwiftUI.ViewBuilder"),
    ("\n  var body: some View { Text(\"\") }", "@SwiftUI.ViewBuilder"),
    ("\n  var body: some View { get { Text(\"\") } }", "@SwiftUI.ViewBuilder"),
    // A `return` in a closure is not the body's own.
    ("\n  var body: some View { Button { return } }", "@SwiftUI.ViewBuilder"),
    (
      "\n  var body: some View { let f = { () -> Int in return 1 }; Text(f()) }",
      "@SwiftUI.ViewBuilder"
    ),
    // Explicit returns: a builder would warn that they disable it.
    ("\n  var body: some View {\n    let x = 1\n    return Text(x)\n  }", ""),
    ("\n  var body: some View { if a { return Text(\"\") } else { return Text(\"\") } }", ""),
    ("\n  var body: some View { guard a else { return Text(\"\") }; return Text(\"\") }", ""),
    // A builder of its own, another member, a static `body`, a stored `body`.
    ("\n  @ViewBuilder var body: some View { Text(\"\") }", ""),
    ("\n  @SwiftUI.ViewBuilder var body: some View { Text(\"\") }", ""),
    ("\n  var title: some View { Text(\"\") }", ""),
    ("\n  static var body: Int { 1 }", ""),
    ("\n  let body = Text(\"\")", ""),
    ("\n  func body(content: Content) -> some View { content }", ""),
  ])
  func memberAttributeMarksTheViewsBody(member: String, expected: String) {
    let parent = "@WithPerceptionTracking struct Counter: View {\(member)\n}"
    let result = MacroExpander.expand(Self.request(.memberAttribute, member, parent: parent))
    #expect(result.source == expected)
  }

  @Test func memberAttributeMarksAModifiersBodyOfContent() {
    let member = "\n  func body(content: Content) -> some View {\n    content\n    Text(\"\")\n  }"
    let parent = "@WithPerceptionTracking struct Badge: ViewModifier {\(member)\n}"
    #expect(
      MacroExpander.expand(Self.request(.memberAttribute, member, parent: parent)).source
        == "@SwiftUI.ViewBuilder")
    let property = "\n  var body: some View { Text(\"\") }"
    #expect(
      MacroExpander.expand(Self.request(.memberAttribute, property, parent: parent)).source == "")
  }

  @Test func extensionRoleConformsToTheHelperProtocolWithTheTypesAvailability() {
    let result = MacroExpander.expand(
      Self.request(
        .extension, "@available(iOS 14, *)\n@WithPerceptionTracking\nstruct Counter: View {}"))
    #expect(result.diagnostics == [])
    #expect(result.source == "@available(iOS 14, *) extension Counter: _PerceptionTrackedView {\n}")
  }

  @Test func extensionRoleOfAModifier() {
    let result = MacroExpander.expand(
      Self.request(
        .extension, "@WithPerceptionTracking struct Counter: ViewModifier {}",
        conformanceList: "struct Placeholder: View, _PerceptionTrackedViewModifier {}"))
    #expect(result.source == "extension Counter: _PerceptionTrackedViewModifier {\n}")
  }

  @Test(arguments: [
    (
      "@WithPerceptionTracking struct Counter {}",
      "struct Placeholder: View, ViewModifier, _PerceptionTrackedView {}",
      "'Counter' conforms to neither: add ': View' to its declaration, or remove the attribute"
    ),
    (
      "@WithPerceptionTracking struct Counter {}",
      "struct Placeholder: ViewModifier, _PerceptionTrackedView {}",
      "needs 'View' in the inheritance list of 'Counter' itself, where it can see it: write 'struct Counter: View'"
    ),
  ])
  func extensionRoleReportsATypeThatIsNoViewOnce(
    declaration: String, missing: String, message: String
  ) {
    let result = MacroExpander.expand(
      Self.request(.extension, declaration, conformanceList: missing))
    #expect(result.source == nil)
    #expect(result.diagnostics.count == 1)
    #expect(result.diagnostics.first?.message.contains(message) == true)
  }

  @Test(arguments: [
    ("protocol P {}", "cannot be applied to a protocol"),
    ("extension Counter {}", "cannot be applied to an extension"),
    ("actor A {}", "cannot be applied to an actor"),
    (
      "struct V: View {\n  typealias Body = Text\n  var body: Text { Text(\"\") }\n}",
      "provides 'Body' for 'V', which declares it itself"
    ),
    ("struct V: View {\n  struct Body: View {}\n}", "provides 'Body' for 'V'"),
  ])
  func memberRoleReportsWhatTheSyntaxShows(declaration: String, message: String) {
    let member = MacroExpander.expand(
      Self.request(.member, "@WithPerceptionTracking \(declaration)"))
    #expect(member.source == nil)
    #expect(member.diagnostics.count == 1)
    #expect(member.diagnostics.first?.message.contains(message) == true)
    #expect(member.diagnostics.first?.offset == 0)
    // The other roles stay silent: one error.
    let other = MacroExpander.expand(
      Self.request(.extension, "@WithPerceptionTracking \(declaration)"))
    #expect(other.diagnostics == [])
  }
}

/// `@WithPerceptionTracking` compiled with the built plugin, against declarations that stand in
/// for SwiftUI and Perception's SwiftUI layer in one file (module `SwiftUI`, so that the
/// expansion's `SwiftUI.View` resolves).
@Suite("@WithPerceptionTracking compiled")
struct ViewTrackingCompileTests {
  static let stubs = """

    @resultBuilder enum ViewBuilder {
      static func buildBlock() -> Never { fatalError() }
      static func buildBlock<C: View>(_ c: C) -> C { c }
      static func buildExpression<C>(_ c: C) -> C { c }
      static func buildEither<T: View, F: View>(first: T) -> Either<T, F> { .t(first) }
      static func buildEither<T: View, F: View>(second: F) -> Either<T, F> { .f(second) }
    }
    @MainActor protocol View { associatedtype Body: View; @ViewBuilder var body: Body { get } }
    @MainActor protocol ViewModifier {
      associatedtype Body: View
      @ViewBuilder func body(content: Content) -> Body
      typealias Content = Placeholder<Self>
    }
    struct Placeholder<M: ViewModifier>: View { var body: Never { fatalError() } }
    extension Never: View { var body: Never { fatalError() } }
    enum Either<T: View, F: View>: View { case t(T), f(F); var body: Never { fatalError() } }
    struct Leaf: View { var body: Never { fatalError() } }
    protocol _PerceptionTrackedView: View {
      associatedtype _PerceptionTrackedBody: View
      @ViewBuilder var body: _PerceptionTrackedBody { get }
    }
    protocol _PerceptionTrackedViewModifier: ViewModifier {
      associatedtype _PerceptionTrackedBody: View
      @ViewBuilder func body(content: Content) -> _PerceptionTrackedBody
    }
    protocol DynamicProperty {}
    struct _PerceptionTrackingState<T>: DynamicProperty, Sendable, Hashable { init() {} }
    struct _PerceptionTrackingBody<T> {
      let t: T
      init(_ t: T, tracking: _PerceptionTrackingState<T>) { self.t = t }
    }
    extension _PerceptionTrackingBody: View where T: _PerceptionTrackedView {
      var body: T._PerceptionTrackedBody { t.body }
    }
    struct _PerceptionSelfTrackingBody<T> { let t: T; init(_ t: T) { self.t = t } }
    extension _PerceptionSelfTrackingBody: View where T: _PerceptionTrackedView {
      var body: T._PerceptionTrackedBody { t.body }
    }
    struct _PerceptionTrackingModifierBody<T, C> {
      let t: T
      let c: C
      init(_ t: T, content: C, tracking: _PerceptionTrackingState<T>) { (self.t, self.c) = (t, content) }
    }
    extension _PerceptionTrackingModifierBody: View
    where T: _PerceptionTrackedViewModifier, C == T.Content {
      var body: T._PerceptionTrackedBody { t.body(content: c) }
    }
    @attached(member, names: named(Body), named(_perceptionTrackedBody), named(_perceptionTracking))
    @attached(memberAttribute)
    @attached(
      extension,
      conformances: View, ViewModifier, _PerceptionTrackedView, _PerceptionTrackedViewModifier)
    macro WithPerceptionTracking() =
      #externalMacro(module: "PerceptionMacros", type: "WithPerceptionTrackingMacro")

    """

  static func compile(_ declaration: String, swiftVersion: String = "6") throws -> Toolchain.Output
  {
    try Toolchain.typecheck(
      "\n\(declaration)\n" + stubs,
      arguments: Toolchain.pluginArguments + [
        "-swift-version", swiftVersion, "-module-name", "SwiftUI",
      ])
  }

  /// Each shape compiles with no diagnostic at all: the attribute alone, the body as written.
  @Test(arguments: [
    "@WithPerceptionTracking struct V: View {\n  var body: some View {\n    let x = 1\n    if x > 0 { Leaf() } else { Leaf() }\n  }\n}",
    "@WithPerceptionTracking struct V: View {\n  var body: Leaf {\n    let x = 1\n    return x > 0 ? Leaf() : Leaf()\n  }\n}",
    "@WithPerceptionTracking struct V: View {}\nextension V {\n  var body: some View { Leaf() }\n}",
    "@WithPerceptionTracking struct G<T: Equatable>: View {\n  let t: T\n  var body: some View { Leaf() }\n}",
    "@WithPerceptionTracking final class C<T>: View {\n  var body: some View {\n    let x = 1\n    switch x { case 0: Leaf() default: Leaf() }\n  }\n}",
    "@WithPerceptionTracking enum E: View {\n  case a\n  var body: some View { Leaf() }\n}",
    "@WithPerceptionTracking struct M: ViewModifier {\n  func body(content: Content) -> some View {\n    let x = 1\n    if x > 0 { content } else { Leaf() }\n  }\n}",
  ])
  func everyShapeCompilesCleanly(declaration: String) throws {
    try #require(Toolchain.swiftc != nil && Toolchain.plugin != nil)
    for swiftVersion in ["5", "6"] {
      let output = try Self.compile(declaration, swiftVersion: swiftVersion)
      #expect(output.exitCode == 0, "Swift \(swiftVersion): \(output.text)")
      #expect(!output.text.contains("warning:"), "Swift \(swiftVersion): \(output.text)")
    }
  }

  /// The struct's tracking state is a `let` with an initial value: the memberwise initializer
  /// keeps its parameters and its access level, and a synthesized `Equatable` still compiles.
  @Test func theStructsStateAddsNoInitializerParameter() throws {
    try #require(Toolchain.swiftc != nil && Toolchain.plugin != nil)
    let declaration = """
      @WithPerceptionTracking struct V: View, Equatable {
        let title: String
        var count = 0
        var body: some View { Leaf() }
      }
      @MainActor func make() -> [V] { [V(title: "a"), V(title: "b", count: 1)] }
      """
    for swiftVersion in ["5", "6"] {
      let output = try Self.compile(declaration, swiftVersion: swiftVersion)
      #expect(output.exitCode == 0, "Swift \(swiftVersion): \(output.text)")
      #expect(!output.text.contains("warning:"), "Swift \(swiftVersion): \(output.text)")
    }
  }

  /// A marked struct that synthesizes `Codable` compiles as it did before the tracking state,
  /// with no warning: it holds no state.
  @Test func aCodableStructStillSynthesizesItsConformance() throws {
    try #require(Toolchain.swiftc != nil && Toolchain.plugin != nil)
    let declaration = """
      @WithPerceptionTracking struct V: View, Codable {
        let title: String
        var count = 0
        var body: some View { Leaf() }
      }
      @MainActor func make() -> [V] { [V(title: "a"), V(title: "b", count: 1)] }
      """
    for swiftVersion in ["5", "6"] {
      let output = try Self.compile(declaration, swiftVersion: swiftVersion)
      #expect(output.exitCode == 0, "Swift \(swiftVersion): \(output.text)")
      #expect(!output.text.contains("warning:"), "Swift \(swiftVersion): \(output.text)")
    }
  }

  /// Each misuse is one error at the attribute, saying what to do; on an extension it is the
  /// compiler's own ("'extension' macro cannot be attached to extension").
  @Test(arguments: [
    (
      "@WithPerceptionTracking struct S {\n  var x = 0\n}", 1,
      "'S' conforms to neither: add ': View'"
    ),
    (
      "@WithPerceptionTracking struct E {\n  var body: some View { Leaf() }\n}\nextension E: View {}",
      1, "needs 'View' in the inheritance list of 'E' itself"
    ),
    (
      "@WithPerceptionTracking struct V: View {\n  typealias Body = Leaf\n  var body: Leaf { Leaf() }\n}",
      1, "provides 'Body' for 'V', which declares it itself; remove the 'Body' declaration"
    ),
    ("@WithPerceptionTracking protocol P {}", 1, "cannot be applied to a protocol"),
    ("@WithPerceptionTracking actor A {}", 1, "cannot be applied to an actor"),
    // The compiler refuses the extension role on an extension before expanding any role.
    ("@WithPerceptionTracking extension Leaf {}", 1, "'extension' macro cannot be attached"),
  ])
  func misuseIsAnErrorAtTheAttribute(declaration: String, errors: Int, fragment: String) throws {
    try #require(Toolchain.swiftc != nil && Toolchain.plugin != nil)
    let output = try Self.compile(declaration)
    #expect(output.exitCode != 0)
    #expect(output.text.components(separatedBy: ": error: ").count == errors + 1, "\(output.text)")
    #expect(output.text.contains("Corpus.swift:2:1: error: "), "\(output.text)")
    #expect(output.text.contains(fragment), "\(output.text)")
  }
}
