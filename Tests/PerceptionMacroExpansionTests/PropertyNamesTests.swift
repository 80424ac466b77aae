import MacroExpansionDump
import PerceptionMacroExpansion
import Testing

/// `_perceptionPropertyName(_:of:)`, the member `@Perceptible` adds so that reports and traces
/// name properties in any build.
@Suite("Property names")
struct PropertyNamesTests {
  static func members(_ declaration: String) -> String {
    MacroExpander.expand(Requests.perceptible(.member, declaration)).source ?? ""
  }

  @Test func namesTheTrackedPropertiesAsWritten() {
    let source = Self.members(
      """
      @Perceptible final class Model {
        var count = 0
        private(set) var `default`: String = ""
        @PerceptionIgnored var ignored = 0
        let constant = 1
        static var shared = 0
        var computed: Int { count * 2 }
        var observed = 0 { didSet {} }
      }
      """)
    #expect(
      source.hasSuffix(
        """
        public nonisolated static func _perceptionPropertyName(
          _ keyPath: AnyKeyPath, of _: Model.Type
        ) -> String? {
          switch keyPath {
          case \\Model.count: "count"
          case \\Model.`default`: "default"
          case \\Model.observed: "observed"
          default: nil
          }
        }
        """))
    #expect(MacroExpansionDump.propertyNames(source) == ["count", "default", "observed"])
  }

  @Test func leavesOutWhatCannotBeNamedEverywhere() {
    let source = Self.members(
      """
      @Perceptible final class Model {
        #if os(Linux)
          var linuxOnly = 0
        #endif
        @available(macOS 99, *) var later = 0
        #if DEBUG
          @available(*, deprecated)
        #endif
        var deprecatedInDebug = 0
        @MainActor var isolated = 0
        var a = 0, b = 0
      }
      """)
    #expect(MacroExpansionDump.propertyNames(source) == ["isolated"])
  }

  @Test func aClassThatDeclaresItKeepsItsOwn() {
    let source = Self.members(
      """
      @Perceptible final class Model {
        var count = 0
        static func _perceptionPropertyName(_ keyPath: AnyKeyPath, of _: Model.Type) -> String? {
          "mine"
        }
      }
      """)
    #expect(MacroExpansionDump.propertyNames(source) == nil)
  }

  /// The corpus with `@Perceptible`'s expansions type-checks as it does with `@Observable`'s:
  /// the names' key paths form, and no error but those the corpus provokes on purpose (which
  /// `@Observable` reports too) appears.
  @Test func corpusCompilesAsWithObservable() throws {
    guard Toolchain.swiftc != nil, Toolchain.plugin != nil else { return }
    let source = Corpus.classes.map(\.source).joined(separator: "\n\n")
    let native = try Toolchain.typecheck("import Observation\n" + source)
    let ours = try Toolchain.typecheck(
      "\n" + MacroExpansionDump.renamed(source) + Toolchain.perceptionStubs,
      arguments: Toolchain.pluginArguments)
    let expected = Self.errors(MacroExpansionDump.renamed(native.text))
    let extra = Self.errors(ours.text).subtracting(expected)
    #expect(extra.isEmpty, "\(extra.sorted())")
    #expect(ours.text.contains("_perceptionPropertyName"))
  }

  /// The distinct error messages of a compiler run.
  static func errors(_ output: String) -> Set<String> {
    Set(
      output.split(separator: "\n").compactMap { line in
        line.range(of: "error: ").map { String(line[$0.upperBound...]) }
      })
  }
}
