import Foundation

/// Generates random classes for the fuzzer.
struct ClassGenerator {
  var random: SeededGenerator
  private var usedNames: Set<String> = []

  init(seed: UInt64) { random = SeededGenerator(seed: seed) }

  /// Names that need backquotes: keywords, and a raw identifier.
  static let quotedNames = ["default", "class", "in", "func", "return", "two words", "plain"]

  /// Initial values whose type cannot be inferred without an annotation.
  static let needAnnotation: Set<String> = [
    "[]", "[:]", "nil", ".init(a: 2)", "{ x in String(x) }", #"{ "\($0)" }"#,
  ]

  static let propertyLeading: [[String]] = [
    [], [], [], ["/// Documentation."], ["// A comment."], ["@available(*, deprecated)"],
    ["@available(macOS 10.15, *)"],
    ["#if FUZZ_ON", "@available(macOS 10.15, *)", "#else", "@available(*, deprecated)", "#endif"],
    ["/* block */ @available(iOS 13, *)"], ["/** Block documentation. */"],
    [#"@available(*, deprecated, message: "old }")"#, "// Between."],
    ["@available(iOS 13, *) @available(macOS 10.15, *)"],
    ["#if FUZZ_OFF", "@available(*, unavailable)", "#elseif FUZZ_ON", "// inside", "#endif"],
  ]

  static let classLeading: [[String]] = [
    [], [], ["/// A model."], ["// A comment."], ["@available(macOS 10.15, *)"],
    ["@available(macOS 10.15, *)", "@available(iOS 13, *)"],
  ]

  /// Attributes after the macro's, for both macros.
  static let classAttributes: [[String]] = [
    [], [], [], ["@available(tvOS 13, *)"],
    [
      "#if FUZZ_ON", "@available(macOS 10.15, *)", "#elseif FUZZ_OTHER", "@available(iOS 13, *)",
      "#else", "#endif",
    ],
    [
      "#if FOO", "@available(SwiftStdlib 5.9, *)", "#elseif BAR", "@available(SwiftStdlib 5.9, *)",
      "#else", "#endif",
    ],
    ["#if FUZZ_ON", "#if FUZZ_OTHER", "@available(iOS 13, *)", "#endif", "#endif"],
  ]

  /// Attributes after the macro's whose `@Observable` expansion does not compile: its extension
  /// starts with `#if` and no condition.
  static let classAttributesNativeFails: [String] = [
    "#if FUZZ_OFF", "@MainActor", "#else", "@available(macOS 10.15, *)", "#endif",
  ]

  static let breakages = [
    "lazy var broken = 1", "lazy var broken: Int = 2", "var broken: UndefinedType = 0",
    // Neither macro can track two bindings of one declaration.
    "var broken = 1, broken2 = 2",
  ]

  mutating func makeClass(index: Int) -> FuzzClass {
    let isGeneric = random.chance(20)
    let isPublic = random.chance(25)
    let classModifiers =
      isPublic ? random.pick(["public ", "public final ", "open "]) : random.pick(["", "final "])
    var attributes = random.pick(Self.classAttributes)
    var nativeAttributes = attributes
    if random.chance(8) {
      attributes = Self.classAttributesNativeFails
      nativeAttributes = []
    }
    // Synthesized `Codable` for a quarter of the classes that are not generic: their stored
    // properties then have Codable types.
    let codable = !isGeneric && random.chance(25)
    var properties: [FuzzClass.Property] = []
    usedNames = []
    let count = Int.random(in: 1...6, using: &random)
    for position in 0..<count {
      properties.append(
        makeProperty(
          position: position, isGeneric: isGeneric, isPublic: isPublic, codable: codable,
          existing: properties))
    }
    return FuzzClass(
      name: "Fuzz\(index)", isGeneric: isGeneric, classModifiers: classModifiers,
      leading: random.pick(Self.classLeading), attributes: attributes,
      nativeAttributes: nativeAttributes, properties: properties,
      conformances: codable ? ": Codable" : "",
      breakage: random.chance(6) ? random.pick(Self.breakages) : nil)
  }

  private mutating func makeProperty(
    position: Int, isGeneric: Bool, isPublic: Bool, codable: Bool,
    existing: [FuzzClass.Property]
  ) -> FuzzClass.Property {
    var kinds = FuzzClass.Property.Kind.allCases
    if isGeneric { kinds.removeAll { $0 == .staticVariable || $0 == .staticConstant } }
    // Computed properties read a stored one that is always compiled.
    let dependencies = existing.indices.filter { index in
      let candidate = existing[index]
      return candidate.condition == nil
        && [.stored, .observed, .uninitialized, .ignored].contains(candidate.kind)
    }
    if dependencies.isEmpty { kinds.removeAll { $0 == .computed || $0 == .computedSettable } }
    // Stored properties are the interesting ones: weigh them up.
    kinds += [.stored, .stored, .stored, .observed]
    var kind = random.pick(kinds)
    // A settable computed property has its dependency's type, so that must be written out.
    let typedDependencies = dependencies.filter { index in
      existing[index].annotated
        || existing[index].kind != .stored && existing[index].kind != .ignored
    }
    if kind == .computedSettable && typedDependencies.isEmpty { kind = .computed }
    var types = FuzzType.all + (isGeneric ? FuzzType.generic : [])
    if kind == .staticConstant { types = types.filter(\.isSendable) }
    if codable { types = types.filter(\.isCodable) }
    var dependency: Int?
    var type = random.pick(types)
    if kind == .computed || kind == .computedSettable {
      dependency = random.pick(kind == .computed ? dependencies : typedDependencies)
      type = existing[dependency!].type
    }
    var modifiers = random.pick([
      "", "", "", "private ", "fileprivate ", "internal ", "private(set) ", "final ",
    ])
    if isPublic && !type.isNested && !type.isGeneric && random.chance(30) {
      modifiers = random.pick(["public ", "public private(set) ", "package "])
    }
    if kind == .staticVariable || kind == .staticConstant { modifiers = "" }
    if kind == .constant || kind == .computed {
      modifiers = modifiers.replacingOccurrences(of: "private(set) ", with: "")
    }
    // Not in a Codable class: `@Observable`'s rendering spells a backquoted name as its plain
    // label, so the two classes' coding keys would differ.
    let backquoted = !codable && random.chance(12)
    let label = "p\(position)"
    var name = label
    if backquoted {
      name = random.pick(Self.quotedNames)
      // A backquoted name differs from the label, so that its buffers have names of their own.
      if usedNames.contains(name) { name = label + "q" }
      usedNames.insert(name)
    }
    let initialValue = random.pick(type.initialValues)
    let condition: Bool? = random.chance(10) && kind != .uninitialized ? random.chance(50) : nil
    return FuzzClass.Property(
      label: label, name: name,
      backquoted: backquoted, kind: kind, type: type,
      initialValue: initialValue,
      annotated: Self.needAnnotation.contains(initialValue) || type.isGeneric || random.chance(50),
      modifiers: modifiers, leading: random.pick(Self.propertyLeading),
      trailingComment: random.pick(["", "", " // trailing", " /* trailing */"]),
      dependency: dependency, condition: condition)
  }
}
