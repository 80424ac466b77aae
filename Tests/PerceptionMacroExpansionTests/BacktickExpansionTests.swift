import PerceptionMacroExpansion
import Testing

@Suite("Backquoted property names")
struct BacktickExpansionTests {
  @Test(arguments: [
    ("var `default` = 1", "_default", "\\.`default`"),
    ("var `plain`: Int = 1", "_plain", "\\.`plain`"),
    ("var `two words` = 1", "`_two words`", "\\.`two words`"),
  ])
  func storageDropsTheBackquotesAndKeyPathsKeepThem(
    member: String, storage: String, keyPath: String
  ) {
    let peer = MacroExpander.expand(Requests.tracked(.peer, member)).source ?? ""
    #expect(peer.contains("private  var \(storage)"))
    let accessors = MacroExpander.expand(Requests.tracked(.accessor, member)).source ?? ""
    #expect(accessors.contains("@storageRestrictions(initializes: \(storage))"))
    #expect(accessors.contains("_access(self, lazyKeyPath: \(keyPath))"))
    #expect(accessors.contains("yield &\(storage)\n"))
    #expect(!accessors.contains("_`"))
  }
}
