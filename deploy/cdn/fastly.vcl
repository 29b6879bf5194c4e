# Fastly in front of siwa-buttons (deploy/cdn/fastly.md): the three image endpoints are
# cached under one form of their query (Apple's parameter names plus format and v, other
# names dropped, sorted), so spellings in any order share one object. Everything else
# (the editor, /api/*) passes to the origin uncached. The origin's Cache-Control (a year,
# immutable) sets the TTL. Paste into a custom VCL service, or the subroutines' bodies
# into VCL snippets (recv and fetch).

sub vcl_recv {
#FASTLY recv
  if (req.method != "GET" && req.method != "HEAD") {
    return(pass);
  }
  if (req.url.path ~ "^/appleid/button(/left|/logo)?$") {
    unset req.http.Cookie;
    set req.url = querystring.filter_except(req.url,
      "border" + querystring.filtersep() + "border_radius" + querystring.filtersep() +
      "color" + querystring.filtersep() + "format" + querystring.filtersep() +
      "height" + querystring.filtersep() + "label-position" + querystring.filtersep() +
      "locale" + querystring.filtersep() + "logo-position" + querystring.filtersep() +
      "logo-size" + querystring.filtersep() + "scale" + querystring.filtersep() +
      "size" + querystring.filtersep() + "type" + querystring.filtersep() +
      "v" + querystring.filtersep() + "width");
    set req.url = querystring.sort(req.url);
    return(lookup);
  }
  return(pass);
}

sub vcl_fetch {
#FASTLY fetch
  # A bad parameter answers 404 without Cache-Control: keep it briefly.
  if (beresp.status == 404 && req.url.path ~ "^/appleid/button") {
    set beresp.ttl = 10m;
    set beresp.cacheable = true;
  }
  return(deliver);
}
