/// Syntax the compiler sends with an expansion request: its source and where it starts.
public struct SyntaxSnippet: Equatable, Sendable {
  /// The source, leading trivia included.
  public var source: String
  /// The file's name, used in diagnostics.
  public var fileName: String
  /// The file's ID, such as `Module/File.swift`, used in `#sourceLocation`.
  public var fileID: String
  /// The UTF-8 offset in the file where `source` starts.
  public var offset: Int
  /// The 1-based line where `source` starts.
  public var line: Int

  public init(
    source: String, fileName: String = "", fileID: String = "", offset: Int = 0, line: Int = 1
  ) {
    self.source = source
    self.fileName = fileName
    self.fileID = fileID
    self.offset = offset
    self.line = line
  }
}

/// The role in which an attached macro is expanded.
public enum MacroRole: String, Sendable {
  case member
  case memberAttribute
  case accessor
  case peer
  case `extension`
}

/// A request to expand one attached macro in one role.
public struct ExpansionRequest: Sendable {
  /// The `type` of the macro's `#externalMacro` declaration, such as `PerceptibleMacro`.
  public var macroType: String
  public var role: MacroRole
  /// A unique mangled string; generated names derive from it.
  public var discriminator: String
  public var attribute: SyntaxSnippet
  public var declaration: SyntaxSnippet
  /// For `memberAttribute`, the type the member belongs to.
  public var parent: SyntaxSnippet?
  /// For `extension`, the type to extend, as written.
  public var extendedType: String?
  /// For `extension`, a placeholder declaration listing the conformances still missing.
  public var conformanceList: String?
  /// The enclosing declarations, innermost first.
  public var lexicalContext: [String]
  /// The build configuration as a JSON text, when the compiler sent one.
  public var buildConfiguration: String?

  public init(
    macroType: String, role: MacroRole, discriminator: String = "", attribute: SyntaxSnippet,
    declaration: SyntaxSnippet, parent: SyntaxSnippet? = nil, extendedType: String? = nil,
    conformanceList: String? = nil, lexicalContext: [String] = [], buildConfiguration: String? = nil
  ) {
    self.macroType = macroType
    self.role = role
    self.discriminator = discriminator
    self.attribute = attribute
    self.declaration = declaration
    self.parent = parent
    self.extendedType = extendedType
    self.conformanceList = conformanceList
    self.lexicalContext = lexicalContext
    self.buildConfiguration = buildConfiguration
  }
}

/// The answer to an expansion request.
public struct ExpansionResult: Equatable, Sendable {
  /// The expanded source, or nil when expansion failed.
  public var source: String?
  public var diagnostics: [Diagnostic]

  public init(source: String?, diagnostics: [Diagnostic] = []) {
    self.source = source
    self.diagnostics = diagnostics
  }
}
