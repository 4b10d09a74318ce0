extension Int {
    /// The number with thousands separators, as messages show counts and sizes: `48,213`.
    var grouped: String {
        let digits = Array(String(magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return self < 0 ? "-" + text : text
    }

    /// "1 byte", "2 bytes": a count with its noun, grouped.
    func counted(_ noun: String) -> String {
        self == 1 ? "1 \(noun)" : "\(grouped) \(noun)s"
    }
}
