/// A generated class: its properties and everything around them, rendered once for each macro.
struct FuzzClass {
  /// A generated property.
  struct Property {
    enum Kind: CaseIterable {
      case stored, observed, constant, staticVariable, staticConstant, computed, computedSettable
      case ignored, uninitialized
    }

    var label: String
    /// The identifier in `@Perceptible`'s rendering: possibly a keyword or a raw identifier, which
    /// needs backquotes. `@Observable`'s expansion fails on those, so its rendering uses `label`.
    var name: String
    var backquoted: Bool
    var kind: Kind
    var type: FuzzType
    var initialValue: String
    var annotated: Bool
    var modifiers: String
    /// Lines before the declaration: comments, attributes and `#if` blocks of attributes.
    var leading: [String]
    var trailingComment: String
    /// The index of the stored property a computed one reads and writes.
    var dependency: Int?
    /// Whether the property sits in a `#if` block, and whether that block is compiled.
    var condition: Bool?

    var isInstance: Bool { kind != .staticVariable && kind != .staticConstant }
    /// Whether an instance of the class stores the property, so that synthesized coding codes it.
    var isStoredInstance: Bool { isInstance && kind != .computed && kind != .computedSettable }
    var isWritable: Bool { kind != .constant && kind != .staticConstant && kind != .computed }
    /// Whether the property exists in the compiled program.
    var exists: Bool { condition ?? true }

    /// The name as written in a declaration or after a dot.
    func spelled(native: Bool) -> String {
      native ? label : backquoted ? "`\(name)`" : name
    }
  }

  var name: String
  var isGeneric: Bool
  var classModifiers: String
  /// Lines before the macro's attribute: comments and attributes.
  var leading: [String]
  /// Lines between the macro's attribute and the class: attributes and `#if` blocks of them.
  var attributes: [String]
  /// The same for `@Observable`, where its expansion of `attributes` fails.
  var nativeAttributes: [String]
  var properties: [Property]
  /// The class's conformances as written after its name (`: Codable`), or empty.
  var conformances: String
  /// What makes the class fail to compile with either macro, if anything: the check is then that
  /// both fail.
  var breakage: String?

  /// The declaration, with `@Observable` or with `@Perceptible` (and backquotes where chosen).
  func render(native: Bool) -> String {
    let macro = native ? "@Observable" : "@Perceptible"
    let ignored = native ? "@ObservationIgnored" : "@PerceptionIgnored"
    var lines: [String] = []
    lines += leading
    lines.append(macro)
    lines += native ? nativeAttributes : attributes
    let generic = isGeneric ? "<T>" : ""
    lines.append("\(classModifiers)class \(name)\(generic)\(conformances) {")
    lines.append("  struct Inner: Equatable { var a = 1 }")
    lines.append("  final class Ref {}")
    for property in properties {
      let dependency = property.dependency.map { properties[$0].spelled(native: native) }
      lines += property.render(native: native, ignored: ignored, dependency: dependency)
    }
    if properties.contains(where: { $0.kind == .uninitialized && $0.exists }) {
      lines.append("  init() {")
      for property in properties where property.kind == .uninitialized && property.exists {
        lines.append("    self.\(property.spelled(native: native)) = \(property.initialValue)")
      }
      lines.append("  }")
    }
    if let breakage { lines.append("  \(breakage)") }
    lines.append("}")
    return lines.joined(separator: "\n")
  }
}

extension FuzzClass.Property {
  func render(native: Bool, ignored: String, dependency: String?) -> [String] {
    var lines = leading.map { "  " + $0 }
    let name = spelled(native: native)
    let annotation = annotated ? ": \(type.name)" : ""
    var declaration: String
    switch kind {
    case .stored:
      declaration = "\(modifiers)var \(name)\(annotation) = \(initialValue)"
    case .uninitialized:
      declaration = "\(modifiers)var \(name): \(type.name)"
    case .observed:
      declaration =
        "\(modifiers)var \(name): \(type.name) = \(initialValue) {\n"
        + "    willSet(upcoming) { _ = upcoming }\n    didSet { _ = oldValue }\n  }"
    case .constant:
      declaration = "\(modifiers)let \(name)\(annotation) = \(initialValue)"
    case .staticVariable:
      declaration = "nonisolated(unsafe) static var \(name)\(annotation) = \(initialValue)"
    case .staticConstant:
      declaration = "static let \(name)\(annotation) = \(initialValue)"
    case .computed:
      declaration =
        "\(modifiers)var \(name): Int { String(describing: self.\(dependency ?? "self")).count }"
    case .computedSettable:
      declaration =
        "\(modifiers)var \(name): \(type.name) {\n    get { self.\(dependency ?? "") }\n"
        + "    set { self.\(dependency ?? "") = newValue }\n  }"
    case .ignored:
      declaration = "\(ignored) \(modifiers)var \(name)\(annotation) = \(initialValue)"
    }
    lines.append("  " + declaration + trailingComment)
    guard let condition else { return lines }
    return ["  #if \(condition ? "FUZZ_ON" : "FUZZ_OFF")"] + lines + ["  #endif"]
  }
}
