//! The project's stack, detected from the files at its root.

use std::fs;
use std::path::Path;

/// Stack tags in a stable order, e.g. `["rust"]` or `["nextjs", "typescript", "docker"]`.
pub fn detect(root: &Path) -> Vec<String> {
    let mut tags: Vec<&str> = Vec::new();
    if let Ok(package) = fs::read_to_string(root.join("package.json")) {
        let deps = package_dependencies(&package);
        let has = |name: &str| deps.iter().any(|d| d == name);
        if has("@sveltejs/kit") {
            tags.push("sveltekit");
        } else if has("svelte") {
            tags.push("svelte");
        }
        if has("next") {
            tags.push("nextjs");
        } else if has("react") {
            tags.push("react");
        }
        if has("vue") {
            tags.push("vue");
        }
        if has("express") {
            tags.push("express");
        }
        if has("typescript") {
            tags.push("typescript");
        }
        if has("tailwindcss") {
            tags.push("tailwind");
        }
        if tags.is_empty() {
            tags.push("node");
        }
    }
    let python = ["pyproject.toml", "requirements.txt", "setup.py", "Pipfile"]
        .iter()
        .filter_map(|f| fs::read_to_string(root.join(f)).ok())
        .collect::<Vec<_>>();
    if !python.is_empty() {
        tags.push("python");
        let all = python.join("\n").to_ascii_lowercase();
        for framework in ["fastapi", "django", "flask"] {
            if all.contains(framework) {
                tags.push(framework);
            }
        }
    }
    let files: [(&str, &str); 6] = [
        ("Cargo.toml", "rust"),
        ("go.mod", "go"),
        ("Gemfile", "ruby"),
        ("composer.json", "php"),
        ("vercel.json", "vercel"),
        ("pom.xml", "java"),
    ];
    for (file, tag) in files {
        if root.join(file).is_file() {
            tags.push(tag);
        }
    }
    if root.join("supabase").is_dir() {
        tags.push("supabase");
    }
    if [
        "docker-compose.yml",
        "docker-compose.yaml",
        "compose.yml",
        "compose.yaml",
        "Dockerfile",
    ]
    .iter()
    .any(|f| root.join(f).is_file())
    {
        tags.push("docker");
    }
    let mut seen = Vec::new();
    for tag in tags {
        if !seen.iter().any(|s: &String| s == tag) {
            seen.push(tag.to_string());
        }
    }
    seen
}

/// Names under `dependencies` and `devDependencies` of a package.json.
fn package_dependencies(text: &str) -> Vec<String> {
    let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
        return Vec::new();
    };
    ["dependencies", "devDependencies", "peerDependencies"]
        .iter()
        .filter_map(|k| value.get(k).and_then(|v| v.as_object()))
        .flat_map(|m| m.keys().cloned())
        .collect()
}
