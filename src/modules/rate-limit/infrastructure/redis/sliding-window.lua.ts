/**
 * One atomic step of the rolling window for each of a batch of requests, in order, on Redis's
 * own clock so that every instance agrees on "now". Per key, a sorted set holds the admission
 * times (score = ms); entries leave at exactly `at + window`, refused requests are not added,
 * and the set expires when its newest entry leaves the window.
 *
 * A batch carries the hits one instance issued in one turn of its event loop: one script run
 * and one reading of the clock for all of them instead of one each (the same key may appear
 * more than once; each hit sees those before it). Every hit is decided exactly as if it had
 * been sent alone at that instant.
 *
 * KEYS[i] the i-th hit's window key; ARGV[1] a prefix unique to this batch (members are
 * ARGV[1]..i); ARGV[2i] and ARGV[2i+1] the i-th hit's limit and window in ms. Returns, per hit,
 * admitted (1|0), remaining and seconds (rounded up, >= 1), flattened.
 */
export const SLIDING_WINDOW_LUA = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) * 1000 + tonumber(clock[2]) / 1000
local batch = ARGV[1]
local out = {}

local function seconds_until(at)
  local s = math.ceil((at - now) / 1000)
  if s < 1 then s = 1 end
  return s
end

for i, key in ipairs(KEYS) do
  local limit = tonumber(ARGV[2 * i])
  local window = tonumber(ARGV[2 * i + 1])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
  local count = redis.call('ZCARD', key)
  local n = #out
  if count >= limit then
    local freeing = redis.call('ZRANGE', key, count - limit, count - limit, 'WITHSCORES')
    out[n + 1] = 0
    out[n + 2] = 0
    out[n + 3] = seconds_until(tonumber(freeing[2]) + window)
  else
    redis.call('ZADD', key, now, batch .. i)
    redis.call('PEXPIRE', key, math.ceil(window))
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
