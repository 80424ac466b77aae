/// The `accessor` role of `@PerceptionTracked`: `init`, `get`, `set` and `_modify` over the
/// `_name` storage.
///
/// The bodies are `@Observable`'s but for one thing: they call the registrar directly, whose
/// entry points take the key path as an autoclosure, so that a read nobody tracks and a write
/// nobody observes never form it. Where the peer role declared the property's static key path
/// (`CanonicalKeyPath`), they hand over that static (`_access(self, lazyKeyPath: Model._$…)`);
/// elsewhere, as in a generic class, they pass a key path literal to the public entry points
/// (`access(self, keyPath: \.name)`), as swift-perception's macro does. A class that declares
/// its own `access(keyPath:)` or `withMutation(keyPath:_:)` gets `@Observable`'s bodies as they
/// are, so that its helpers run on every read and write; so does a `@PerceptionTracked` written
/// by hand, since nothing tells this role whether its class declares them.
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
    let calls: Calls
    if callsHelpers(request.attribute) {
      calls = .helpers(name)
    } else if let typeName = CanonicalKeyPath.typeName(member, request) {
      calls = .staticKeyPath(CanonicalKeyPath.keyPath(name, typeName: typeName))
    } else {
      calls = .registrar(keyPath: "\\.\(name)")
    }
    let accessors = self.accessors(
      name, calls: calls, observation: ObservationAvailability.condition(in: request.lexicalContext)
    )
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

  /// Whether the accessors must call the class's `access(keyPath:)` and
  /// `withMutation(keyPath:_:)`: the attribute is hand-written, or `@Perceptible` added it with
  /// `callingHelpers: true`.
  static func callsHelpers(_ attribute: SyntaxSnippet) -> Bool {
    guard attribute.fileName.hasPrefix("@__swiftmacro") else { return true }
    let compact = attribute.source.filter { !$0.isWhitespace }
    return compact.contains("(\(MacroNames.callingHelpers):true)")
  }

  /// The calls an accessor makes to announce a read, a mutation and a `_modify` of one
  /// property: the only part in which the two kinds of accessors differ.
  struct Calls {
    var access: String
    /// Up to the trailing closure that makes the change.
    var withMutation: String
    var willSet: String
    var didSet: String
    /// Whether `access` and `withMutation` call the registrar, rather than the class's helpers.
    var callsRegistrar = true

    /// For a class whose `access` and `withMutation` helpers are the generated ones, where the
    /// property has no static key path: the registrar's public entry points, with the key path
    /// literal `keyPath`, as swift-perception's macro calls them.
    static func registrar(keyPath: String) -> Calls {
      registrarEntryPoints(prefix: "", label: "keyPath", keyPath)
    }

    /// For a class whose helpers are the generated ones, where the peer role declared the
    /// property's static key path: the registrar's entry points for it, handed `staticKeyPath`
    /// (`CanonicalKeyPath.keyPath(_:typeName:)`), whose key they pass on.
    static func staticKeyPath(_ staticKeyPath: String) -> Calls {
      registrarEntryPoints(prefix: "_", label: "lazyKeyPath", staticKeyPath)
    }

    /// The registrar's four entry points whose names start with `prefix`, handed `keyPath`
    /// under the argument label `label`.
    private static func registrarEntryPoints(
      prefix: String, label: String, _ keyPath: String
    ) -> Calls {
      let registrar = MacroNames.registrar
      return Calls(
        access: "\(registrar).\(prefix)access(self, \(label): \(keyPath))",
        withMutation: "\(registrar).\(prefix)withMutation(of: self, \(label): \(keyPath))",
        willSet: "\(registrar).\(prefix)willSet(self, \(label): \(keyPath))",
        didSet: "\(registrar).\(prefix)didSet(self, \(label): \(keyPath))")
    }

    /// `@Observable`'s calls, renamed: the class's helpers, and the registrar for `_modify`.
    static func helpers(_ name: String) -> Calls {
      let registrar = MacroNames.registrar
      return Calls(
        access: "access(keyPath: \\.\(name))",
        withMutation: "withMutation(keyPath: \\.\(name))",
        willSet: "\(registrar).willSet(self, keyPath: \\.\(name))",
        didSet: "\(registrar).didSet(self, keyPath: \\.\(name))",
        callsRegistrar: false)
    }
  }

  /// `init`, `get`, `set` and `_modify` for the property `name`, making `calls`; each call to
  /// the registrar behind `observation`, the test `ObservationAvailability` gives. Key paths
  /// keep the name as written; the storage's name drops the backquotes.
  static func accessors(_ name: String, calls: Calls, observation: String?) -> [String] {
    let storage = PeerName.storage(name)
    func registrar(_ statements: String) -> String {
      ObservationAvailability.branched(statements, condition: observation)
    }
    func helperOrRegistrar(_ statements: String) -> String {
      calls.callsRegistrar ? registrar(statements) : statements
    }
    let read = helperOrRegistrar(calls.access)
    let write = helperOrRegistrar("\(calls.withMutation) {\n  \(storage) = newValue\n}")
    let modifyStart =
      calls.callsRegistrar
      ? registrar("\(calls.access)\n\(calls.willSet)")
      : "\(calls.access)\n\(registrar(calls.willSet))"
    let indent = ObservationAvailability.indent
    return [
      """
      @storageRestrictions(initializes: \(storage))
      init(initialValue) {
        \(storage) = initialValue
      }
      """,
      """
      get {
      \(indent(read))
        return \(storage)
      }
      """,
      """
      set {
        guard shouldNotifyObservers(\(storage), newValue) else {
          \(storage) = newValue
          return
        }
      \(indent(write))
      }
      """,
      """
      _modify {
      \(indent(modifyStart))
        defer {
      \(indent(indent(indent(registrar(calls.didSet)))))
        }
        yield &\(storage)
      }
      """,
    ]
  }
}
