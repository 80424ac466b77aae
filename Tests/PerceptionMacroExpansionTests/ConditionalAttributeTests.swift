import PerceptionMacroExpansion
import Testing

@Suite("#if blocks among attributes")
struct ConditionalAttributeTests {
  static let guarded = """
    @Perceptible
    #if FOO
    @available(SwiftStdlib 5.9, *)
    #elseif BAR
    @available(SwiftStdlib 5.9, *)
    #else
    #endif
    class GuardedAvailability {
      var value = 0
    }
    """

  @Test func theBlockIsPartOfTheAttributes() {
    let source = MacroExpander.expand(Requests.perceptible(.member, Self.guarded)).source ?? ""
    #expect(source.contains("keyPath: KeyPath<GuardedAvailability, $sD_6MemberfMu_>"))
    #expect(!source.contains("FOO"))
  }

  @Test func guardedAvailabilityIsCarriedOntoTheExtension() {
    let result = MacroExpander.expand(Requests.perceptible(.extension, Self.guarded))
    #expect(
      result.source
        == """
        #if FOO
        @available(SwiftStdlib 5.9, *)
        #elseif BAR
        @available(SwiftStdlib 5.9, *)
        #endif
        extension Model: nonisolated PerceptionCore.Perceptible {
        }
        """)
  }

  @Test func anElseClauseKeptFirstKeepsTheClausesBeforeIt() {
    let declaration =
      "@Perceptible\n#if FOO\n@MainActor\n#else\n@available(iOS 13, *)\n#endif\nclass M {}"
    let result = MacroExpander.expand(Requests.perceptible(.extension, declaration))
    #expect(
      result.source
        == "#if FOO\n#else\n@available(iOS 13, *)\n#endif\nextension Model: nonisolated PerceptionCore.Perceptible {\n}"
    )
  }

  @Test func aPropertyOfAGuardedClassIsTracked() {
    let request = Requests.tracked(
      .accessor, "\n  var value = 0", context: [Self.guarded])
    #expect(MacroExpander.expand(request).source?.contains("_value = initialValue") == true)
  }

  @Test func guardedMemberAttributesAreCopiedOntoTheStorage() {
    let member = "\n  #if DEBUG\n  @available(*, deprecated)\n  #endif\n  var value = 0"
    #expect(
      MacroExpander.expand(Requests.tracked(.peer, member)).source
        == "#if DEBUG\n  @available(*, deprecated)\n  #endif\n@PerceptionIgnored\nprivate var _value = 0"
    )
    #expect(
      MacroExpander.expand(Requests.perceptible(.memberAttribute, member)).source
        == "@PerceptionTracked")
  }

  @Test(arguments: [
    "@Perceptible\n#if FOO\n@available(macOS 14, *)\nclass Unended {}",
    "@Perceptible\n#if\n#endif\nclass NoCondition {}",
    "@Perceptible\n#else\nclass Stray {}",
    "@Perceptible\n#if FOO\nvar x = 1\n#endif\nclass Declarations {}",
    "@Perceptible\n#if FOO(\n",
  ])
  func malformedBlocksDoNotCrash(declaration: String) {
    for role in [MacroRole.member, .extension, .memberAttribute] {
      _ = MacroExpander.expand(Requests.perceptible(role, declaration))
    }
  }
}
