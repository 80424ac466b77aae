/// The name of the property a key path names, for reports and traces: the one `@Perceptible`
/// recorded, else what the key path says of itself.
struct PropertyName {
  /// The root type's name, such as `Model`.
  let typeName: String
  /// The property's name, such as `count`; nil when neither the type nor the key path names it.
  let propertyName: String?
  /// The key path's description after the type's name: `count`, or `<computed 0x... (Int)>`
  /// for a computed property whose getter's symbol cannot be found at run time.
  let keyPathDescription: String

  init(_ keyPath: AnyKeyPath) {
    let rootType = type(of: keyPath).rootType
    typeName = String(describing: rootType)
    let described = String(describing: keyPath)
    let prefix = "\\\(typeName)."
    let tail = described.hasPrefix(prefix) ? String(described.dropFirst(prefix.count)) : described
    keyPathDescription = tail
    if let perceptible = rootType as? any _Perceptible.Type,
      let recorded = PropertyName.recorded(keyPath, of: perceptible)
    {
      propertyName = recorded
    } else {
      propertyName = tail.hasPrefix("<") ? nil : tail
    }
  }

  private static func recorded<Subject: _Perceptible>(
    _ keyPath: AnyKeyPath, of type: Subject.Type
  ) -> String? {
    Subject._perceptionPropertyName(keyPath, of: type)
  }
}
