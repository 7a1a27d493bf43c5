/**
 * One atomic step of the rolling window for each of a batch of requests, in order, on Redis's
 * own clock (whole milliseconds, as the memory store counts) so that every instance agrees on
 * "now". Per key, a sorted set holds the admission times (score = ms); entries leave at exactly
 * `at + window`, refused requests are not added, and the set expires when its newest entry
 * leaves the window.
 *
 * A batch carries the hits one instance issued in one turn of its event loop: one script run
 * and one reading of the clock for all of them instead of one each (the same key may appear
 * more than once; each hit sees those before it). Every hit is decided exactly as if it had
 * been sent alone at that instant.
 *
 * Numbers go to Redis as text written with '%d': Lua's own conversion of a number to text, and
 * Redis's parsing of a fractional score, went through glibc's floating-point printf and strtod,
 * the largest part of the script's cost in a profile of the Redis server.
 *
 * KEYS[i] the i-th hit's window key; ARGV[1] a prefix unique to this batch (members are
 * ARGV[1]..i); ARGV[2i] and ARGV[2i+1] the i-th hit's limit and window, in whole ms. Returns,
 * per hit, admitted (1|0), remaining and seconds (rounded up, >= 1), flattened.
 */
export const SLIDING_WINDOW_LUA = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + math.floor(tonumber(clock[2]) / 1000)
local now_text = string.format('%d', now)
local batch = ARGV[1]
local cutoffs = {}
local out = {}

local function seconds_until(at)
  local s = math.ceil((at - now) / 1000)
  if s < 1 then s = 1 end
  return s
end

for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[2 * i])
  local window_text = ARGV[2 * i + 1]
  local window = tonumber(window_text)
  local cutoff = cutoffs[window_text]
  if not cutoff then
    cutoff = string.format('%d', now - window)
    cutoffs[window_text] = cutoff
  end
  redis.call('ZREMRANGEBYSCORE', key, '-inf', cutoff)
  local count = redis.call('ZCARD', key)
  local n = #out
  if count >= limit then
    local rank = string.format('%d', count - limit)
    local freeing = redis.call('ZRANGE', key, rank, rank, 'WITHSCORES')
    out[n + 1] = 0
    out[n + 2] = 0
    out[n + 3] = seconds_until(tonumber(freeing[2]) + window)
  else
    redis.call('ZADD', key, now_text, batch .. string.format('%d', i))
    redis.call('PEXPIRE', key, window_text)
    -- An empty window's oldest entry is the one just added.
    local oldest = now
    if count > 0 then oldest = tonumber(redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2]) end
    out[n + 1] = 1
    out[n + 2] = limit - count - 1
    out[n + 3] = seconds_until(oldest + window)
  end
end
return out
`;
