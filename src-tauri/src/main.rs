fn main() {
    deid_studio::run()
}
