//! The project's stack, detected from the files at its root.

use std::path::Path;

/// A manifest's text: a regular file of at most 64 MiB only, so a cloned repository's
/// `package.json -> /dev/zero` or a link to a pipe neither exhausts memory nor waits.
fn read_text(path: &Path) -> Option<String> {
    String::from_utf8(crate::store::read_guard::read_file(path).ok()?).ok()
}

/// Stack tags in a stable order, e.g. `["rust"]` or `["nextjs", "typescript", "docker"]`.
pub fn detect(root: &Path) -> Vec<String> {
    let mut tags: Vec<&str> = Vec::new();
    if let Some(package) = read_text(&root.join("package.json")) {
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
        let more: [(&[&str], &str); 12] = [
            (&["@angular/core"], "angular"),
            (&["nuxt"], "nuxt"),
            (&["@remix-run/react", "@remix-run/node"], "remix"),
            (&["astro"], "astro"),
            (&["react-native", "expo"], "react-native"),
            (&["electron"], "electron"),
            (&["express"], "express"),
            (&["fastify"], "fastify"),
            (&["@nestjs/core"], "nestjs"),
            (&["@supabase/supabase-js"], "supabase"),
            (&["prisma", "@prisma/client"], "prisma"),
            (&["vite"], "vite"),
        ];
        for (names, tag) in more {
            if names.iter().any(|n| has(n)) {
                tags.push(tag);
            }
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
        .filter_map(|f| read_text(&root.join(f)))
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
    let frameworks: [(&str, &[(&str, &str)]); 4] = [
        (
            "Cargo.toml",
            &[
                ("axum", "axum"),
                ("actix-web", "actix"),
                ("tokio", "tokio"),
                ("tauri", "tauri"),
            ],
        ),
        ("Gemfile", &[("rails", "rails")]),
        ("composer.json", &[("laravel/framework", "laravel")]),
        ("go.mod", &[("gin-gonic/gin", "gin")]),
    ];
    let files: [(&str, &str); 11] = [
        ("Cargo.toml", "rust"),
        ("go.mod", "go"),
        ("Gemfile", "ruby"),
        ("composer.json", "php"),
        ("vercel.json", "vercel"),
        ("pom.xml", "java"),
        ("build.gradle", "java"),
        ("netlify.toml", "netlify"),
        ("wrangler.toml", "cloudflare"),
        ("firebase.json", "firebase"),
        ("deno.json", "deno"),
    ];
    for (file, tag) in files {
        if root.join(file).is_file() {
            tags.push(tag);
        }
    }
    // Frameworks named in a manifest's dependency lines (`axum = "0.8"`, `gem "rails"`).
    for (file, names) in frameworks {
        let Some(manifest) = read_text(&root.join(file)) else {
            continue;
        };
        for (name, tag) in names {
            if manifest.lines().any(|l| depends_on(l, name)) {
                tags.push(tag);
            }
        }
    }
    if root.join("prisma").join("schema.prisma").is_file() {
        tags.push("prisma");
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

/// Whether a manifest line declares `name`: it starts with the name (Cargo.toml), or names
/// it in quotes (`gem "rails"`, `"laravel/framework": "^11"`), or as a module path (go.mod).
fn depends_on(line: &str, name: &str) -> bool {
    let line = line.trim();
    let starts = line
        .strip_prefix(name)
        .is_some_and(|rest| rest.trim_start().starts_with(['=', '.']) || rest.is_empty());
    starts
        || line.contains(&format!("\"{name}\""))
        || line.contains(&format!("'{name}'"))
        || line.contains(&format!("github.com/{name} "))
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

/// A stack tag in canonical form: lower case, punctuation dropped, common aliases folded
/// (`Next.js` → `nextjs`, `PostgreSQL` → `postgres`, `golang` → `go`).
pub fn normalise(tag: &str) -> String {
    let lower: String = tag
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '+' || *c == '#')
        .collect();
    let canonical = match lower.as_str() {
        "next" => "nextjs",
        "nodejs" => "node",
        "reactjs" => "react",
        "vuejs" => "vue",
        "sveltejs" => "svelte",
        "postgresql" | "pg" => "postgres",
        "golang" => "go",
        "ts" => "typescript",
        "js" => "javascript",
        "py" | "python3" => "python",
        "tailwindcss" => "tailwind",
        "k8s" => "kubernetes",
        "rustlang" => "rust",
        "dockercompose" => "docker",
        "rubyonrails" | "ror" => "rails",
        other => other,
    };
    canonical.to_string()
}

/// Canonical tags plus what they imply (`sveltekit` is also `svelte`, `nextjs` is also
/// `react`, `typescript` is also `javascript`), once each, in order.
pub fn expand(tags: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut push = |t: &str| {
        if !t.is_empty() && !out.iter().any(|o| o == t) {
            out.push(t.to_string());
        }
    };
    for tag in tags {
        let tag = normalise(tag);
        push(&tag);
        let implied: &[&str] = match tag.as_str() {
            "sveltekit" => &["svelte", "node"],
            "nextjs" | "remix" | "gatsby" => &["react", "node"],
            "nuxt" => &["vue", "node"],
            "typescript" => &["javascript"],
            "react" | "vue" | "svelte" | "express" | "angular" => &["node"],
            "fastapi" | "django" | "flask" => &["python"],
            "rails" => &["ruby"],
            "laravel" => &["php"],
            "axum" | "actix" | "tokio" | "tauri" => &["rust"],
            _ => &[],
        };
        for i in implied {
            push(i);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    #[test]
    fn detects_frameworks_from_manifests() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::write(
            root.join("Cargo.toml"),
            "[package]\nname = \"x\"\n\n[dependencies]\naxum = \"0.8\"\ntokio = { version = \"1\" }\naxum-extra = \"1\"\n",
        )
        .unwrap();
        fs::write(
            root.join("package.json"),
            r#"{"dependencies": {"next": "15", "@supabase/supabase-js": "2"}, "devDependencies": {"typescript": "5"}}"#,
        )
        .unwrap();
        fs::write(
            root.join("go.mod"),
            "module m\n\nrequire (\n\tgithub.com/gin-gonic/gin v1.9.1\n)\n",
        )
        .unwrap();
        fs::create_dir(root.join("supabase")).unwrap();
        fs::write(root.join("docker-compose.yml"), "services: {}\n").unwrap();
        assert_eq!(
            detect(root),
            [
                "nextjs",
                "supabase",
                "typescript",
                "rust",
                "go",
                "axum",
                "tokio",
                "gin",
                "docker"
            ]
        );
    }

    #[test]
    fn tags_normalise_and_expand() {
        assert_eq!(normalise("Next.js"), "nextjs");
        assert_eq!(normalise("PostgreSQL"), "postgres");
        assert_eq!(
            expand(&["SvelteKit".into(), "TS".into()]),
            ["sveltekit", "svelte", "node", "typescript", "javascript"]
        );
    }
}
