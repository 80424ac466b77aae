@_exported import PerceptionCore
