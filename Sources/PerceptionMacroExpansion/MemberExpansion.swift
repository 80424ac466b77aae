/// The `member` role of `@Perceptible`: the registrar, `access`, `withMutation` and the four
/// `shouldNotifyObservers` overloads, leaving out those the class declares itself; and the
/// property names for reports (`PropertyNamesExpansion`).
enum MemberExpansion {
  static func expand(_ request: ExpansionRequest) -> ExpansionResult {
    let type = TypeDeclaration(request.declaration.source)
    // The extension role reports the misuse; members would only add errors of their own.
    if misuseMessage(type) != nil { return ExpansionResult(source: "") }
    let typeName = type.name ?? "Self"
    var names = UniqueNames(discriminator: request.discriminator)
    let accessMember = names.make("Member")
    let mutationMember = names.make("Member")
    let mutationResult = names.make("MutationResult")
    // The class's own attributes count: its accessors' code is inside it.
    let observation = ObservationAvailability.condition(
      in: [request.declaration.source] + request.lexicalContext)
    // Branched, the mutation helper's body is an `if` expression: its value is the result.
    func registrar(_ call: String) -> String {
      ObservationAvailability.indent(ObservationAvailability.branched(call, condition: observation))
    }
    var members: [String] = []
    if !type.propertyNames.contains(MacroNames.registrar) {
      members.append(
        "@\(MacroNames.ignored) private let \(MacroNames.registrar) = \(MacroNames.registrarType)()"
      )
    }
    if !type.declaresFunction(TypeDeclaration.accessHelper) {
      members.append(
        """
        internal nonisolated func access<\(accessMember)>(
          keyPath: KeyPath<\(typeName), \(accessMember)>
        ) {
        \(registrar("\(MacroNames.registrar).access(self, keyPath: keyPath)"))
        }
        """)
    }
    if !type.declaresFunction(TypeDeclaration.mutationHelper) {
      members.append(
        """
        internal nonisolated func withMutation<\(mutationMember), \(mutationResult)>(
          keyPath: KeyPath<\(typeName), \(mutationMember)>,
          _ mutation: () throws -> \(mutationResult)
        ) rethrows -> \(mutationResult) {
        \(registrar("try \(MacroNames.registrar).withMutation(of: self, keyPath: keyPath, mutation)"))
        }
        """)
    }
    let notify = TypeDeclaration.FunctionSignature(
      name: "shouldNotifyObservers", isStatic: false, firstNames: ["_", "_"])
    let overloads = [
      ("", "true"), (": Equatable", "lhs != rhs"), (": AnyObject", "lhs !== rhs"),
      (": Equatable & AnyObject", "lhs != rhs"),
    ]
    for (constraint, body) in overloads {
      let member = names.make("Member")
      guard !type.declaresFunction(notify) else { continue }
      members.append(
        """
        private nonisolated func shouldNotifyObservers<\(member)\(constraint)>(_ lhs: \(member), \
        _ rhs: \(member)) -> Bool {
            \(body)
        }
        """)
    }
    if let names = PropertyNamesExpansion.member(for: type) { members.append(names) }
    return ExpansionResult(source: members.joined(separator: "\n\n"))
  }

  /// The error for a type that cannot be perceptible, worded as `@Observable`'s.
  static func misuseMessage(_ type: TypeDeclaration) -> String? {
    let kind: String
    switch type.keyword {
    case "struct": kind = "struct"
    case "enum": kind = "enumeration"
    case "actor": kind = "actor"
    case "protocol": kind = "protocol"
    default: return nil
    }
    return "'@\(MacroNames.perceptible)' cannot be applied to \(kind) type '\(type.name ?? "")'"
  }
}
