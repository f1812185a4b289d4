//! Writes the shape table (see `src/shape_table.rs`) into the build's output directory, for
//! `include_bytes!` in `src/hand.rs`.

#[path = "src/shape_table.rs"]
mod shape_table;

fn main() {
    println!("cargo::rerun-if-changed=src/shape_table.rs");
    println!("cargo::rerun-if-changed=build.rs");
    let out = std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    let path = std::path::Path::new(&out).join("shape_table.bin");
    std::fs::write(&path, shape_table::build()).expect("the output directory is writable");
}
