/// Class declarations covering every case `@Perceptible` must handle as `@Observable` does, written
/// with Observation's names. Each class name is unique, so its expansions can be found by name.
enum Corpus {
  static let classes: [(name: String, source: String)] = [
    ("Basic", "@Observable class Basic {\n  var count = 0\n}"),
    ("LetAndVar", "@Observable class LetAndVar {\n  let fixed = 1\n  var changing = 2\n}"),
    (
      "Computed",
      "@Observable class Computed {\n  var base = 1\n  var double: Int { base * 2 }\n  var both: Int {\n    get { base }\n    set { base = newValue }\n  }\n}"
    ),
    (
      "Skipping",
      "@Observable class Skipping {\n  @ObservationIgnored var cache = [Int]()\n  var shown = 0\n}"
    ),
    (
      "Statics",
      "@Observable class Statics {\n  static var shared = 0\n  class var kind: String { \"k\" }\n  static let constant = 1\n  var instance = 0\n}"
    ),
    (
      "Observers",
      "@Observable class Observers {\n  var value: Int = 0 {\n    willSet { print(newValue) }\n    didSet { print(oldValue) }\n  }\n}"
    ),
    (
      "NamedObservers",
      "@Observable class NamedObservers {\n  var items: [Int] = [] {\n    didSet(old) {\n      if old.count > 3 {\n        print(\"big\",\n              old)\n      }\n      // a comment\n      let x = 1; print(x)\n    }\n  }\n  var empty = 0 { didSet { } }\n  var inline: Int = 0 { willSet { print(1); print(2) } didSet { print(3) } }\n}"
    ),
    (
      "AccessLevels",
      "@Observable public class AccessLevels {\n  public private(set) var name: String = \"\"\n  fileprivate var secret = 1\n  internal var plain = 2\n  package var shared = 3\n  private var hidden = 4\n}"
    ),
    ("WeakRef", "@Observable class WeakRef {\n  weak var parent: WeakRef?\n}"),
    (
      "UnownedRef",
      "@Observable class UnownedRef {\n  unowned var owner: Basic\n  unowned(unsafe) var raw: Basic\n  init(owner: Basic) { self.owner = owner; self.raw = owner }\n}"
    ),
    ("Implicit", "@Observable class Implicit {\n  var value: Int!\n  var maybe: String?\n}"),
    (
      "Attributed",
      "@Observable class Attributed {\n  @MainActor var ui = 0\n  @available(*, deprecated) var old = 1\n  @MainActor\n  var split = 2\n  @MainActor weak var link: Attributed?\n}"
    ),
    (
      "Commented",
      "@Observable class Commented {\n  /// Documentation\n  var documented = 0\n  // A comment\n  @MainActor var annotated: Int? = nil\n  /* block */ var blocked = 0\n  var trailing: Int = 0 // trailing\n\n  /// Two\n  /// lines\n  private var twoLines = 0\n}"
    ),
    ("Pair", "@Observable class Pair {\n  var first = 1, second = 2\n}"),
    (
      "Box",
      "@Observable class Box<Value> {\n  var value: Value\n  init(value: Value) { self.value = value }\n}"
    ),
    (
      "Constrained",
      "@Observable class Constrained<T: Equatable, U> where U: AnyObject {\n  var t: T\n  var u: U?\n  init(t: T) { self.t = t }\n}"
    ),
    (
      "PlainChild",
      "class PlainBase {\n  var inherited = 0\n}\n@Observable class PlainChild: PlainBase {\n  var own = 1\n}"
    ),
    (
      "ModelChild",
      "@Observable class ModelParent {\n  var parentValue = 0\n}\n@Observable class ModelChild: ModelParent {\n  var childValue = 1\n}"
    ),
    (
      "InStruct", "struct Outer {\n  @Observable final class InStruct {\n    var nested = 0\n  }\n}"
    ),
    ("InClass", "class Container {\n  @Observable class InClass {\n    var deep = 0\n  }\n}"),
    (
      "FinalModel",
      "@Observable final class FinalModel {\n  final var sealed = 0\n  var open = 1\n}"
    ),
    (
      "OpenModel",
      "@Observable open class OpenModel {\n  open var overridable = 0\n  public var visible = 1\n}"
    ),
    (
      "MainActorModel", "@MainActor @Observable final class MainActorModel {\n  var title = \"\"\n}"
    ),
    (
      "OwnAccess",
      "@Observable class OwnAccess {\n  var value = 0\n  func access<M>(keyPath: KeyPath<OwnAccess, M>) {}\n}"
    ),
    (
      "OwnMutation",
      "@Observable class OwnMutation {\n  var value = 0\n  func withMutation<M, R>(keyPath: KeyPath<OwnMutation, M>, _ mutation: () throws -> R) rethrows -> R { try mutation() }\n}"
    ),
    ("Unsafe", "@Observable class Unsafe {\n  nonisolated(unsafe) var shared = 0\n}"),
    (
      "Closures",
      "@Observable class Closures {\n  var action: () -> Void = { print(\"a\") }\n  var transform: (Int) -> Int = { x in x + 1 }\n  var multiline: () -> Void = {\n    print(\"c\")\n  }\n  var mapped = [1, 2].map { $0 * 2 }\n}"
    ),
    (
      "Uninitialized",
      "@Observable class Uninitialized {\n  var name: String\n  var count: Int\n  init() { name = \"\"; count = 0 }\n}"
    ),
    (
      "Available",
      "@available(macOS 14, *)\n@available(iOS 17, *)\n@Observable class Available {\n  var value = 0\n}"
    ),
    ("ExplicitMark", "@Observable class ExplicitMark {\n  @ObservationTracked var marked = 0\n}"),
    (
      "Strings",
      "@Observable class Strings {\n  var interpolated = \"a \\(1 + (2 * 3)) \\(\"in\\(\"ner\")\") }\"\n  var raw = #\"raw \\(no) \"quoted\" \\#(1)\"#\n  var multi = \"\"\"\n    line { one\n    \\(\"two\")\n    \"\"\"\n}"
    ),
    (
      "Generics",
      "@Observable class Generics {\n  var table: Dictionary<String, Array<Int>> = [:]\n  var nested: [String: [Int]] = [\"a\": [1]]\n  var tuple: (Int, String) = (1, \"a\")\n}"
    ),
    (
      "Conditional",
      "@Observable class Conditional {\n  #if DEBUG\n  var debugOnly = 0\n  #else\n  var releaseOnly = 0\n  #endif\n  var always = 1\n}"
    ),
    ("Tuples", "@Observable class Tuples {\n  var (x, y) = (1, 2)\n  var z = 3\n}"),
    (
      "GuardedAvailability",
      "@Observable\n#if FOO\n@available(SwiftStdlib 5.9, *)\n#elseif BAR\n@available(SwiftStdlib 5.9, *)\n#else\n#endif\nclass GuardedAvailability {}"
    ),
    (
      "GuardedStored",
      "@Observable\n#if FOO\n@available(SwiftStdlib 5.9, *)\n#elseif BAR\n@available(SwiftStdlib 5.9, *)\n#else\n#endif\nclass GuardedStored {\n  var value = 0\n}"
    ),
    (
      "GuardedMembers",
      "@Observable final class GuardedMembers {\n  #if DEBUG\n  @available(*, deprecated)\n  #endif\n  public var other = 1\n  @MainActor\n  #if os(Linux)\n  @available(*, deprecated) @available(macOS 14, *)\n  #elseif canImport(Foundation) && !(FOO || swift(>=5.9))\n  // comment\n  @available(iOS 17, *)\n  #endif\n  var third = 1\n}"
    ),
    (
      "GuardedMixed",
      "@available(macOS 14, *)\n@Observable\n#if true\n@available(iOS 14, *)\n#else\n@MainActor\n#endif\n@available(tvOS 14, *)\nclass GuardedMixed {\n  var x = 0\n}"
    ),
    (
      "NestedGuard",
      "enum Wrapper {\n  @Observable\n  #if FOO\n  @MainActor @available(macOS 14, *)\n  #elseif BAR // trailing\n  @available(macOS 13, *) @MainActor\n  #else\n  @MainActor\n  #endif\n  final class NestedGuard { var value = 0 }\n}"
    ),
    (
      "GuardedInner",
      "@Observable\n#if FOO\n@MainActor\n#elseif BAR\n#if BAZ\n@available(macOS 13, *)\n#endif\n#endif\nfinal class GuardedInner {\n  var value = 0\n}"
    ),
    (
      "GuardedNone",
      "@Observable\n#if FOO\n@MainActor\n#endif\nfinal class GuardedNone {\n  var value = 0\n}"
    ),
    // Divergences the fuzzer found, kept as regression cases.
    (
      "ObserverTrailing",
      "@Observable class ObserverTrailing {\n  var ref: Int = 0 {\n    didSet { _ = oldValue }\n  } /* trailing */\n  var line: String = \"\" {\n    willSet(upcoming) { _ = upcoming }\n  } // trailing\n}"
    ),
    (
      "CommentBeforeAttribute",
      "@Observable class CommentBeforeAttribute {\n  /* block */ @available(iOS 13, *)\n  var p1: Int = 0 /* trailing */\n  /* c */ var p2 = 0\n  /* c */ final var p3 = 0\n  /// doc\n  /* c */ @available(iOS 13, *) @available(macOS 10.15, *) var p4 = 0\n}"
    ),
    (
      "ClosureComments",
      "@Observable class ClosureComments {\n  var a: () -> Int = { /* c */ 2 }\n  var b: () -> Int = { 2 /* c */ }\n  var c: (Int) -> Int = { x in /* c */ x }\n  var d: (Int) -> Int = { /* c */ x in x }\n  var e: () -> Int = { /* c */ let y = 1; return y }\n}"
    ),
    (
      "CommentsBeforeDeclarations",
      "@Observable class CommentsBeforeDeclarations {\n  /* x */ /* y */ /* z */ @MainActor var p4 = 0\n  /* x */ @MainActor /* y */ @MainActor var p5 = 0\n  /* x */ @MainActor\n  var p7 = 0\n  /** d */ @MainActor var p8 = 0\n  /* x */ /* y */ var p9 = 0\n  /* x */ /* y */ final var p10 = 0\n}"
    ),
  ]
}
