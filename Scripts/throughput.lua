-- wrk's requests for Scripts/throughput.sh: the load run's two calls, alternately, with the session's bearer token.
-- Part of the demo: remove-demo deletes this file.
-- The token comes from THROUGHPUT_TOKEN (the environment, not the command line, so `ps` never shows it).
local paths = { "/v1/wallet", "/v1/payment-cards" }
local headers = {
    ["Authorization"] = "Bearer " .. (os.getenv("THROUGHPUT_TOKEN") or ""),
    ["Accept"] = "application/json",
}
local sent = 0

function request()
    sent = sent + 1
    return wrk.format("GET", paths[sent % 2 + 1], headers)
end
