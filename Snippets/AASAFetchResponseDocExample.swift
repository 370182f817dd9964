// snippet.hide
import LinkDeployment

// snippet.show
let response = AASAFetchResponse(
    url: "https://example.com/.well-known/apple-app-site-association", status: 301,
    headers: ["Location": "https://www.example.com/.well-known/apple-app-site-association"])
// snippet.hide
guard response.header("location") == "https://www.example.com/.well-known/apple-app-site-association" else {
    fatalError("\(response)")
}
