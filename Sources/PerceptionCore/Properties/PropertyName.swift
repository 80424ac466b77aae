/// The name of the property a key path names, for reports and traces: the one `@Perceptible`
/// recorded, else what the key path says of itself.
struct PropertyName {
  /// The root type's name, such as `Model`.
  let typeName: String
  /// The property's name, such as `count`; nil when neither the type nor the key path names it.
  let propertyName: String?
  /// The key path's description after the type's name: `count`, or `<computed 0x... (Int)>`
  /// where the getter's symbol cannot be found.
  let keyPathDescription: String

  init(_ keyPath: AnyKeyPath) {
    let rootType = type(of: keyPath).rootType
    typeName = String(describing: rootType)
    let described = String(describing: keyPath)
    let prefix = "\\\(typeName)."
    let tail = described.hasPrefix(prefix) ? String(described.dropFirst(prefix.count)) : described
    keyPathDescription = tail
    propertyName =
      (rootType as? any _Perceptible.Type).flatMap { Self.recorded(keyPath, of: $0) }
      ?? (tail.hasPrefix("<") ? nil : tail)
  }

  private static func recorded<Subject: _Perceptible>(
    _ keyPath: AnyKeyPath, of type: Subject.Type
  ) -> String? {
    Subject._perceptionPropertyName(keyPath, of: type)
  }
}
