import MacroExpansionDump
import PerceptionMacroExpansion
import Testing

@Suite("Expansions")
struct ExpansionTests {
  @Test func memberRoleAddsRegistrarHelpersAndOverloads() {
    let result = MacroExpander.expand(
      Requests.perceptible(.member, "\n@Perceptible\nfinal class Model {\n  var count = 0\n}"))
    let source = result.source ?? ""
    let registrarCall = "_$perceptionRegistrar.access(self, keyPath: keyPath)\n"
    let prefix: String = [
      "@PerceptionIgnored private let _$perceptionRegistrar = PerceptionCore.PerceptionRegistrar()\n\n",
      "internal nonisolated func access<$sD_6MemberfMu_>(\n",
      "  keyPath: KeyPath<Model, $sD_6MemberfMu_>\n) {\n",
      "  if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {\n",
      "    " + registrarCall, "  } else {\n", "    " + registrarCall, "  }\n}\n\n",
    ].joined()
    #expect(source.hasPrefix(prefix))
    #expect(source.contains("func withMutation<$sD_6MemberfMu0_, $sD_14MutationResultfMu_>("))
    #expect(source.components(separatedBy: "func shouldNotifyObservers").count == 5)
    #expect(
      MacroExpansionDump.withoutPropertyNames(source).hasSuffix(
        "private nonisolated func shouldNotifyObservers<$sD_6MemberfMu4_: Equatable & AnyObject>"
          + "(_ lhs: $sD_6MemberfMu4_, _ rhs: $sD_6MemberfMu4_) -> Bool {\n    lhs != rhs\n}"))
    #expect(result.diagnostics.isEmpty)
  }

  @Test func memberRoleLeavesOutWhatTheClassDeclares() {
    let declaration = """
      @Perceptible class Model {
        func access<M>(keyPath: KeyPath<Model, M>) {}
        func withMutation<M, R>(keyPath: KeyPath<Model, M>, _ mutation: () throws -> R) rethrows -> R {
          try mutation()
        }
      }
      """
    let source = MacroExpander.expand(Requests.perceptible(.member, declaration)).source ?? ""
    #expect(!source.contains("func access"))
    #expect(!source.contains("func withMutation"))
    #expect(source.contains("_$perceptionRegistrar = PerceptionCore.PerceptionRegistrar()"))
    // The generated names keep their numbers, as @Observable's do.
    #expect(source.contains("shouldNotifyObservers<$sD_6MemberfMu1_>"))
  }

  @Test func memberAttributeMarksTrackedPropertiesOnly() {
    let cases: [(String, String)] = [
      ("\n  var count = 0", "@PerceptionTracked"),
      ("\n  weak var parent: Model?", "@PerceptionTracked"),
      ("\n  var observed = 0 { didSet { } }", "@PerceptionTracked"),
      ("\n  let fixed = 1", ""),
      ("\n  static var shared = 0", ""),
      ("\n  class var kind: Int { 1 }", ""),
      ("\n  var computed: Int { 2 }", ""),
      ("\n  var both: Int { get { 1 } set { } }", ""),
      ("\n  @PerceptionIgnored var ignored = 0", ""),
      ("\n  @PerceptionTracked var marked = 0", ""),
      ("\n  var (x, y) = (1, 2)", ""),
      ("\n  func f() {}", ""),
    ]
    for (member, expected) in cases {
      let request = Requests.perceptible(.memberAttribute, member)
      #expect(MacroExpander.expand(request).source == expected, "\(member)")
    }
  }

  /// The storage, and the static key path of a property that gets one (see
  /// `staticKeyPathOnlyWhereSwiftAllowsIt`).
  @Test func peerIsPrivateIgnoredStorage() {
    func withStatic(_ storage: String, _ name: String) -> String {
      storage + "\n\nprivate static let _$perceptionKeyPath_\(name) = "
        + "PerceptionCore._PerceptionKeyPath(\\Model.\(name))"
    }
    let cases: [(String, String)] = [
      ("\n  var count = 0", withStatic("@PerceptionIgnored\nprivate var _count = 0", "count")),
      (
        "\n  public private(set) var name: String = \"\"",
        withStatic("@PerceptionIgnored\nprivate var _name: String = \"\"", "name")
      ),
      (
        "\n  weak var parent: Model?",
        withStatic("@PerceptionIgnored\nprivate\n  weak var _parent: Model?", "parent")
      ),
      (
        "\n  @MainActor var u: Int? = nil",
        "@MainActor\n@PerceptionIgnored\nprivate var _u: Int? = nil"
      ),
      (
        "\n  /// Doc\n  var t: T",
        withStatic("/// Doc\n\n  @PerceptionIgnored\nprivate var _t: T", "t")
      ),
      ("\n  var iuo: Int!", withStatic("@PerceptionIgnored\nprivate var _iuo: Int!", "iuo")),
      ("\n  var a = 1, b = 2", "@PerceptionIgnored\nprivate var _a = 1, _b = 2"),
      // The name's trivia once, where swift-syntax prints it in `@Observable`'s twice.
      (
        "\n  var name /* n */ : Int = 0",
        withStatic("@PerceptionIgnored\nprivate var _name /* n */ : Int = 0", "name")
      ),
      (
        "\n  var f: () -> Void = { print(1) }",
        withStatic("@PerceptionIgnored\nprivate var _f: () -> Void = {\n    print(1)\n}", "f")
      ),
    ]
    for (member, expected) in cases {
      #expect(MacroExpander.expand(Requests.tracked(.peer, member)).source == expected, "\(member)")
    }
  }

  /// A tracked property gets a static key path only where Swift allows a static stored property
  /// and forming the key path there neither warns nor breaks isolation; elsewhere its accessors
  /// form the literal, as before.
  @Test func staticKeyPathOnlyWhereSwiftAllowsIt() {
    let withStatic = "_access(self, lazyKeyPath: Model._$perceptionKeyPath_x)"
    let literal = "_$perceptionRegistrar.access(self, keyPath: \\.x)"
    let cases: [(member: String, context: [String], file: String, expected: String)] = [
      ("var x = 0", ["class Model {}"], "@__swiftmacro_X.swift", withStatic),
      (
        "var x = 0", ["class Model {}", "struct Outer {}", "enum E {}"], "@__swiftmacro_X.swift",
        withStatic
      ),
      ("private var x = 0", ["final class Model: Base {}"], "@__swiftmacro_X.swift", withStatic),
      // Generic, possibly generic (in an extension), local, or unknown: no static stored property.
      ("var x = 0", ["class Model<T> {}"], "@__swiftmacro_X.swift", literal),
      ("var x = 0", ["class Model {}", "struct Outer<T> {}"], "@__swiftmacro_X.swift", literal),
      ("var x = 0", ["class Model {}", "extension Outer {}"], "@__swiftmacro_X.swift", literal),
      ("var x = 0", ["class Model {}", "func f() {}"], "@__swiftmacro_X.swift", literal),
      ("var x = 0", [], "@__swiftmacro_X.swift", literal),
      // Attributes and isolation of the property's own.
      ("@available(*, deprecated) var x = 0", ["class Model {}"], "@__swiftmacro_X.swift", literal),
      (
        "#if DEBUG\n@available(*, deprecated)\n#endif\nvar x = 0", ["class Model {}"],
        "@__swiftmacro_X.swift", literal
      ),
      ("@MainActor var x = 0", ["class Model {}"], "@__swiftmacro_X.swift", literal),
      ("nonisolated(unsafe) var x = 0", ["class Model {}"], "@__swiftmacro_X.swift", literal),
      // A hand-written `@PerceptionTracked` calls the class's helpers.
      ("var x = 0", ["class Model {}"], "File.swift", "access(keyPath: \\.x)"),
    ]
    for (member, context, file, expected) in cases {
      let accessors =
        MacroExpander.expand(
          Requests.tracked(.accessor, member, attributeFile: file, context: context)
        ).source ?? ""
      let peer =
        MacroExpander.expand(
          Requests.tracked(.peer, member, attributeFile: file, context: context)
        ).source ?? ""
      #expect(accessors.contains(expected), "\(member) in \(context)")
      #expect(
        peer.contains("static let _$perceptionKeyPath_x") == (expected == withStatic),
        "\(member) in \(context)")
    }
  }

  @Test func peerKeepsObserversWithTheirSourceLocations() {
    let member =
      "\n  var value: Int = 0 {\n    willSet { print(newValue) }\n    didSet { print(oldValue) }\n  }"
    let expected = """
      @PerceptionIgnored
      private var _value: Int = 0 {

          willSet {
              #sourceLocation(file: "M/File.swift", line: 11)
              print(newValue)
              #sourceLocation()
          }

          didSet {
              #sourceLocation(file: "M/File.swift", line: 12)
              print(oldValue)
              #sourceLocation()
          }
      }
      """
    #expect(
      MacroExpander.expand(Requests.tracked(.peer, member, line: 9)).source == expected
        + "\n\nprivate static let _$perceptionKeyPath_value = "
        + "PerceptionCore._PerceptionKeyPath(\\Model.value)")
  }

  @Test func accessorsAreWrappedInBracesWithoutObservers() {
    let source = MacroExpander.expand(Requests.tracked(.accessor, "\n  var count = 0")).source
    #expect(
      source == """
        {
            @storageRestrictions(initializes: _count)
            init(initialValue) {
              _count = initialValue
            }
            get {
              if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
                _$perceptionRegistrar._access(self, lazyKeyPath: Model._$perceptionKeyPath_count)
              } else {
                _$perceptionRegistrar._access(self, lazyKeyPath: Model._$perceptionKeyPath_count)
              }
              return _count
            }
            set {
              guard shouldNotifyObservers(_count, newValue) else {
                _count = newValue
                return
              }
              if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
                _$perceptionRegistrar._withMutation(of: self, lazyKeyPath: Model._$perceptionKeyPath_count) {
                  _count = newValue
                }
              } else {
                _$perceptionRegistrar._withMutation(of: self, lazyKeyPath: Model._$perceptionKeyPath_count) {
                  _count = newValue
                }
              }
            }
            _modify {
              if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
                _$perceptionRegistrar._access(self, lazyKeyPath: Model._$perceptionKeyPath_count)
                _$perceptionRegistrar._willSet(self, lazyKeyPath: Model._$perceptionKeyPath_count)
              } else {
                _$perceptionRegistrar._access(self, lazyKeyPath: Model._$perceptionKeyPath_count)
                _$perceptionRegistrar._willSet(self, lazyKeyPath: Model._$perceptionKeyPath_count)
              }
              defer {
                  if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
                    _$perceptionRegistrar._didSet(self, lazyKeyPath: Model._$perceptionKeyPath_count)
                  } else {
                    _$perceptionRegistrar._didSet(self, lazyKeyPath: Model._$perceptionKeyPath_count)
                  }
              }
              yield &_count
            }
        }
        """)
  }

  /// Where the class has no static key path (a generic class), the accessors call the
  /// registrar's public entry points with a key path literal, exactly as swift-perception's
  /// macro does.
  @Test func accessorsWithoutStaticCallThePublicEntryPoints() {
    let request = Requests.tracked(.accessor, "\n  var count = 0", context: ["class Model<T> {}"])
    #expect(
      MacroExpander.expand(request).source == """
        {
            @storageRestrictions(initializes: _count)
            init(initialValue) {
              _count = initialValue
            }
            get {
              if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
                _$perceptionRegistrar.access(self, keyPath: \\.count)
              } else {
                _$perceptionRegistrar.access(self, keyPath: \\.count)
              }
              return _count
            }
            set {
              guard shouldNotifyObservers(_count, newValue) else {
                _count = newValue
                return
              }
              if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
                _$perceptionRegistrar.withMutation(of: self, keyPath: \\.count) {
                  _count = newValue
                }
              } else {
                _$perceptionRegistrar.withMutation(of: self, keyPath: \\.count) {
                  _count = newValue
                }
              }
            }
            _modify {
              if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
                _$perceptionRegistrar.access(self, keyPath: \\.count)
                _$perceptionRegistrar.willSet(self, keyPath: \\.count)
              } else {
                _$perceptionRegistrar.access(self, keyPath: \\.count)
                _$perceptionRegistrar.willSet(self, keyPath: \\.count)
              }
              defer {
                  if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
                    _$perceptionRegistrar.didSet(self, keyPath: \\.count)
                  } else {
                    _$perceptionRegistrar.didSet(self, keyPath: \\.count)
                  }
              }
              yield &_count
            }
        }
        """)
  }

  @Test func accessorsJoinObserversBlock() {
    let source =
      MacroExpander.expand(Requests.tracked(.accessor, "\n  var v = 0 { didSet { } }")).source ?? ""
    #expect(source.hasPrefix("@storageRestrictions(initializes: _v)\ninit(initialValue) {\n"))
    #expect(
      source.contains(
        "}\n\nget {\n  if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {\n"
          + "    _$perceptionRegistrar._access(self, lazyKeyPath: Model._$perceptionKeyPath_v)\n"
          + "  } else {\n"
          + "    _$perceptionRegistrar._access(self, lazyKeyPath: Model._$perceptionKeyPath_v)\n"
          + "  }\n  return _v\n}\n\nset {"
      ))
  }

  @Test func trackedDoesNothingOutsideClassesOrOnIgnoredProperties() {
    let inStruct = Requests.tracked(.accessor, "var x = 0", context: ["struct S {}"])
    #expect(MacroExpander.expand(inStruct).source == "")
    let ignored = Requests.tracked(.peer, "@PerceptionIgnored var x = 0")
    #expect(MacroExpander.expand(ignored).source == "")
  }

  @Test func ignoredExpandsToNothing() {
    var request = Requests.tracked(.accessor, "@PerceptionIgnored var x = 0")
    request.macroType = "PerceptionIgnoredMacro"
    #expect(MacroExpander.expand(request) == ExpansionResult(source: ""))
  }

  @Test func extensionConformsWithAvailability() {
    let declaration = "\n@available(iOS 17, *)\n@Perceptible final class Model {}"
    let result = MacroExpander.expand(Requests.perceptible(.extension, declaration))
    #expect(
      result.source
        == "@available(iOS 17, *) extension Model: nonisolated PerceptionCore.Perceptible {\n}")
  }

  @Test func extensionIsLeftOutWhenTheClassConformsAlready() {
    let request = Requests.perceptible(
      .extension, "@Perceptible class Model: Base {}", conformanceList: nil)
    #expect(MacroExpander.expand(request).source == "")
  }

  @Test func extensionOmitsNonisolatedBeforeSwift62() {
    var request = Requests.perceptible(.extension, "@Perceptible class Model {}")
    request.buildConfiguration = #"{"features":["Macros"],"compilerVersion":{"components":[6,1]}}"#
    #expect(
      MacroExpander.expand(request).source == "extension Model: PerceptionCore.Perceptible {\n}")
  }
}
