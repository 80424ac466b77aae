/// The `accessor` role of `@PerceptionTracked`: `init`, `get`, `set` and `_modify` over the
/// `_name` storage.
enum TrackedAccessorExpansion {
  static func expand(_ request: ExpansionRequest) -> ExpansionResult {
    let member = MemberDeclaration(request.declaration.source)
    // The peer role reports a `lazy` property; an empty answer would add a second error.
    if member.isLazy, member.isValidForPerception { return ExpansionResult(source: nil) }
    guard TrackedStorageExpansion.appliesTracking(to: member, request),
      let name = member.identifier
    else {
      return ExpansionResult(source: "")
    }
    let accessors = self.accessors(name)
    // swift-syntax joins accessors with blank lines when the property already has an accessor block
    // (its observers), and otherwise wraps them in braces, indented by four spaces.
    if member.bindings.first?.accessorBlock != nil {
      return ExpansionResult(source: accessors.joined(separator: "\n\n"))
    }
    let indented = accessors.map { accessor in
      accessor.split(separator: "\n", omittingEmptySubsequences: false)
        .map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
    }
    return ExpansionResult(source: "{\n" + indented.joined(separator: "\n") + "\n}")
  }

  static func accessors(_ name: String) -> [String] {
    let registrar = MacroNames.registrar
    // Key paths keep the name as written; the storage's name drops the backquotes.
    let storage = StorageName.of(name)
    return [
      """
      @storageRestrictions(initializes: \(storage))
      init(initialValue) {
        \(storage) = initialValue
      }
      """,
      """
      get {
        access(keyPath: \\.\(name))
        return \(storage)
      }
      """,
      """
      set {
        guard shouldNotifyObservers(\(storage), newValue) else {
          \(storage) = newValue
          return
        }
        withMutation(keyPath: \\.\(name)) {
          \(storage) = newValue
        }
      }
      """,
      """
      _modify {
        access(keyPath: \\.\(name))
        \(registrar).willSet(self, keyPath: \\.\(name))
        defer {
            \(registrar).didSet(self, keyPath: \\.\(name))
        }
        yield &\(storage)
      }
      """,
    ]
  }
}
