import PerceptionMacroExpansion
import Testing

@Suite("Backquoted property names")
struct BacktickExpansionTests {
  @Test(arguments: [
    ("var `default` = 1", "_default", "_$perceptionKeyPath_default", "\\Model.`default`"),
    ("var `plain`: Int = 1", "_plain", "_$perceptionKeyPath_plain", "\\Model.`plain`"),
    (
      "var `two words` = 1", "`_two words`", "`_$perceptionKeyPath_two words`",
      "\\Model.`two words`"
    ),
  ])
  func storageDropsTheBackquotesAndKeyPathsKeepThem(
    member: String, storage: String, staticName: String, keyPath: String
  ) {
    let peer = MacroExpander.expand(Requests.tracked(.peer, member)).source ?? ""
    #expect(peer.contains("private var \(storage)"))
    #expect(peer.contains("private static let \(staticName) = "))
    #expect(peer.contains("PerceptionCore._PerceptionKeyPath(\(keyPath))"))
    let accessors = MacroExpander.expand(Requests.tracked(.accessor, member)).source ?? ""
    #expect(accessors.contains("@storageRestrictions(initializes: \(storage))"))
    #expect(accessors.contains("_access(self, lazyKeyPath: Model.\(staticName))"))
    #expect(accessors.contains("yield &\(storage)\n"))
    #expect(!accessors.contains("_`"))
  }
}
