/// `1 transfer`, `3 transfers`, `1 client`: a count with its noun in the right number.
package func counted(_ count: Int, _ singular: String, plural: String? = nil) -> String {
    "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
}
