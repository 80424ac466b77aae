import PerceptionMacroExpansion

/// Builds expansion requests as the compiler sends them.
enum Requests {
  static func perceptible(
    _ role: MacroRole, _ declaration: String, attribute: String = "@Perceptible",
    attributeOffset: Int = 0, conformanceList: String? = "struct Placeholder: Perceptible {}"
  ) -> ExpansionRequest {
    ExpansionRequest(
      macroType: "PerceptibleMacro", role: role, discriminator: "$sD_",
      attribute: SyntaxSnippet(
        source: attribute, fileName: "File.swift", fileID: "M/File.swift", offset: attributeOffset),
      declaration: SyntaxSnippet(
        source: declaration, fileName: "File.swift", fileID: "M/File.swift", offset: attributeOffset
      ),
      extendedType: role == .extension ? "Model" : nil,
      conformanceList: role == .extension ? conformanceList : nil)
  }

  static func tracked(
    _ role: MacroRole, _ declaration: String, line: Int = 1,
    attributeFile: String = "@__swiftmacro_X.swift",
    attribute: String = "@PerceptionTracked", context: [String] = ["class Model {}"]
  ) -> ExpansionRequest {
    ExpansionRequest(
      macroType: "PerceptionTrackedMacro", role: role, discriminator: "$sT_",
      attribute: SyntaxSnippet(source: attribute, fileName: attributeFile, offset: 40),
      declaration: SyntaxSnippet(
        source: declaration, fileName: "File.swift", fileID: "M/File.swift", offset: 40, line: line),
      lexicalContext: context)
  }
}
