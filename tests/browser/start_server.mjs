// Starts `rulesrun serve` on a free port for a browser test and waits until it listens.
import { spawn } from "node:child_process";

// Returns the server process and its address ("http://127.0.0.1:PORT"); rejects if it exits before listening.
export async function startServer(rulesrun, rulesFiles, data) {
    const server = spawn(rulesrun, ["serve", ...rulesFiles, "--port", "0", "--data", data],
                         { stdio: ["ignore", "pipe", "inherit"] });
    const base = await new Promise((resolve, reject) => {
        let out = "";
        server.stdout.on("data", (chunk) => {
            out += chunk;
            const found = out.match(/at (http:\/\/[^/]+)\//);
            if (found) resolve(found[1]);
        });
        server.on("exit", (code) => reject(new Error(`rulesrun serve exited (${code}) before listening: ${out}`)));
    });
    return { server, base };
}
