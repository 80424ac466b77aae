#if os(Linux)
  import Foundation
  import Testing

  /// An "issue recorded" event record checked against Swift Testing's JSON schema, version 6.3
  /// (swift-testing's `Documentation/ABI/JSON.md`): the types by decoding, the keys by listing
  /// them (a key the schema does not name must start with `_`, as its experimental fields do).
  enum IssueRecordedSchema {
    struct Record: Decodable {
      var version: String
      var kind: String
      var payload: Event
    }

    struct Event: Decodable {
      var kind: String
      var instant: Instant
      var issue: Issue
      var messages: [Message]
      var testID: String?
    }

    struct Instant: Decodable {
      var absolute: Double
      var since1970: Double
    }

    struct Issue: Decodable {
      var isKnown: Bool
      var severity: String
      var isFailure: Bool
      var sourceLocation: SourceLocation?
    }

    struct SourceLocation: Decodable {
      var fileID: String?
      var filePath: String
      var line: Int
      var column: Int
    }

    struct Message: Decodable {
      var symbol: String
      var text: String
    }

    static let keys: [String: Set<String>] = [
      "record": ["version", "kind", "payload"],
      "event": ["kind", "instant", "issue", "attachment", "messages", "testID", "iteration"],
      "instant": ["absolute", "since1970"],
      "issue": ["isKnown", "severity", "isFailure", "sourceLocation"],
      "sourceLocation": ["fileID", "filePath", "line", "column"],
      "message": ["symbol", "text"],
    ]
    static let symbols: Set<String> = [
      "default", "skip", "pass", "passWithKnownIssue", "fail", "difference", "warning", "details",
    ]

    /// Checks `json`, the event of a report of a read at `location` (`Module/File.swift:line`).
    static func check(_ json: Data, location: String) throws {
      let record = try JSONDecoder().decode(Record.self, from: json)
      #expect(record.version == "6.3")
      #expect(record.kind == "event")
      let event = record.payload
      #expect(event.kind == "issueRecorded")
      #expect(event.instant.absolute > 0)
      // Now, give or take a day: the wall clock's seconds since 1970.
      #expect(abs(event.instant.since1970 - Date().timeIntervalSince1970) < 86_400)
      #expect(!event.issue.isKnown)
      #expect(event.issue.severity == "error")
      #expect(event.issue.isFailure)
      let source = try #require(event.issue.sourceLocation)
      #expect("\(source.fileID ?? ""):\(source.line)" == location)
      #expect(source.filePath == source.fileID)
      #expect(source.column > 0)
      #expect(event.messages.count == 1)
      #expect(event.messages.allSatisfy { symbols.contains($0.symbol) })
      #expect(event.messages.first?.symbol == "fail")
      let text = event.messages.first?.text ?? ""
      #expect(text.hasPrefix("Perception: Meter.level was read at \(location):"), "\(text)")

      let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
      checkKeys(object, "record")
      let payload = try #require(object["payload"] as? [String: Any])
      checkKeys(payload, "event")
      #expect(payload["_comments"] as? [String] == [text])
      checkKeys(try #require(payload["instant"] as? [String: Any]), "instant")
      let issue = try #require(payload["issue"] as? [String: Any])
      checkKeys(issue, "issue")
      checkKeys(try #require(issue["sourceLocation"] as? [String: Any]), "sourceLocation")
      for message in try #require(payload["messages"] as? [[String: Any]]) {
        checkKeys(message, "message")
      }
    }

    /// Every key of `object` is one the schema gives `rule`, or an experimental one.
    static func checkKeys(_ object: [String: Any], _ rule: String) {
      let unknown = object.keys.filter { !(keys[rule] ?? []).contains($0) && !$0.hasPrefix("_") }
      #expect(unknown.isEmpty, "\(rule) has keys the schema does not name: \(unknown)")
    }
  }
#endif
