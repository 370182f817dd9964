import LinkRouter          // everything
import LinkRouting         // an app that only dispatches links
// snippet.hide

_ = RouteTable.Builder(schemes: ["shop"], associatedDomains: [])
