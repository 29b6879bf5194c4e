/// A map that keeps the most recently used values whose costs (bytes) sum to at most
/// `capacity`, evicting the least recently used first. Not thread-safe: `RenderCache`
/// owns one behind a lock. Nodes live in an array linked by index, so lookups and
/// evictions are O(1) without a node allocation per entry.
struct LRUCache<Key: Hashable, Value> {
    fileprivate struct Node {
        var key: Key
        var value: Value?  // nil once evicted, so a free slot holds no memory
        var cost: Int
        var newer: Int?
        var older: Int?
    }

    let capacity: Int
    private(set) var totalCost = 0
    private var nodes: [Node] = []
    private var freeSlots: [Int] = []
    private var slots: [Key: Int] = [:]
    private var newest: Int?
    private var oldest: Int?

    init(capacity: Int) {
        self.capacity = capacity
    }

    var count: Int { slots.count }

    /// The value, marked as just used.
    mutating func value(for key: Key) -> Value? {
        guard let slot = slots[key] else { return nil }
        unlink(slot)
        linkAsNewest(slot)
        return nodes[slot].value
    }

    /// The value, without marking it as used.
    func peek(_ key: Key) -> Value? {
        slots[key].flatMap { nodes[$0].value }
    }

    /// Stores a value (replacing one under the same key) and returns how many entries
    /// were evicted to make room. A value costing more than the whole capacity is not stored.
    @discardableResult
    mutating func insert(_ value: Value, for key: Key, cost: Int) -> Int {
        remove(key)
        guard cost <= capacity else { return 0 }
        var evicted = 0
        while totalCost + cost > capacity, let victim = oldest {
            remove(nodes[victim].key)
            evicted += 1
        }
        let node = Node(key: key, value: value, cost: cost, newer: nil, older: nil)
        let slot: Int
        if let free = freeSlots.popLast() {
            nodes[free] = node
            slot = free
        } else {
            nodes.append(node)
            slot = nodes.count - 1
        }
        slots[key] = slot
        totalCost += cost
        linkAsNewest(slot)
        return evicted
    }

    mutating func remove(_ key: Key) {
        guard let slot = slots.removeValue(forKey: key) else { return }
        unlink(slot)
        totalCost -= nodes[slot].cost
        nodes[slot].value = nil
        freeSlots.append(slot)
    }

    /// Keys from most to least recently used (for tests and debugging).
    var keysByRecency: [Key] {
        var keys: [Key] = []
        var cursor = newest
        while let slot = cursor {
            keys.append(nodes[slot].key)
            cursor = nodes[slot].older
        }
        return keys
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (nodes[slot].newer, nodes[slot].older)
        if let newer { nodes[newer].older = older } else { newest = older }
        if let older { nodes[older].newer = newer } else { oldest = newer }
        nodes[slot].newer = nil
        nodes[slot].older = nil
    }

    private mutating func linkAsNewest(_ slot: Int) {
        nodes[slot].older = newest
        nodes[slot].newer = nil
        if let newest { nodes[newest].newer = slot }
        newest = slot
        if oldest == nil { oldest = slot }
    }
}

extension LRUCache: Sendable where Key: Sendable, Value: Sendable {}
extension LRUCache.Node: Sendable where Key: Sendable, Value: Sendable {}
