/// A member `@Perceptible` adds that `@Observable` does not (the other is each property's static
/// key path: `CanonicalKeyPath`): `_perceptionPropertyName(_:)`, which names a tracked property
/// from its key path, for perception checking's reports and the change trace.
///
/// A key path's own description names a computed property only when the program's symbols can
/// be found at run time (an executable linked with `--export-dynamic`, or an Apple app whose
/// symbols were not stripped), and every tracked property is computed once expanded. The macro
/// knows the names as written, so it writes them down: the function is only called when a report
/// or a trace line is made, so the accessors' paths are unchanged.
///
/// Properties inside `#if` blocks or marked `@available`, under an `#if` or not, are left out
/// (their key paths cannot be formed everywhere the class compiles, or warn there); for those, a
/// report falls back on the key path's description.
enum PropertyNamesExpansion {
  static let functionName = "_perceptionPropertyName"

  /// The function's signature, as a class that declares it itself would write it.
  static let signature = TypeDeclaration.FunctionSignature(
    name: functionName, isStatic: true, firstNames: ["_", "of"])

  /// The member for `type`, or nil when it has no name or declares the function itself.
  static func member(for type: TypeDeclaration) -> String? {
    guard let typeName = type.name, !type.declaresFunction(signature) else { return nil }
    var cases = ""
    for name in type.namedTrackedProperties {
      let bare = name.hasPrefix("`") ? String(name.dropFirst().dropLast()) : name
      cases += "  case \\\(typeName).\(name): \"\(bare)\"\n"
    }
    // `public`: the witness of a public protocol's requirement in a type of any access level.
    // `nonisolated`: reports and traces ask from any thread. The class in the signature makes a
    // subclass's function an overload of its superclass's, not a clashing override.
    return """
      public nonisolated static func \(functionName)(
        _ keyPath: AnyKeyPath, of _: \(typeName).Type
      ) -> String? {
        switch keyPath {
      \(cases)  default: nil
        }
      }
      """
  }
}
